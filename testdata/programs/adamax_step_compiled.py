# Adamax.step() compiled: _init_group eagerly, then _single_tensor_adamax traced (exp_avg, exp_inf)
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Linear(4, 3)
opt = torch.optim.Adamax(m.parameters(), lr=2e-3)


@torch.compile(backend="eager")
def step():
    opt.step()


for i in range(3):
    opt.zero_grad()
    m(torch.randn(2, 4)).sum().backward()
    step()
print(m.weight.sum().item() != 0)
