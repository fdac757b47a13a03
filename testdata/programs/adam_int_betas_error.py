# Adam's argument checks: betas=(0, 0.99) has an int, which torch 2.11 refuses before anything is compiled
# ("betas must be either both floats or both Tensors") (from ProGAN's training script)
import torch
import torch.nn as nn

m = nn.Linear(4, 3)
opt = torch.optim.Adam(m.parameters(), lr=1e-3, betas=(0, 0.99), eps=1e-8)
f = torch.compile(m, backend="eager")
print(f(torch.randn(2, 4)).shape)
