# Adagrad.step() compiled: _init_group eagerly (state_sum), then _single_tensor_adagrad traced
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Linear(4, 3)
opt = torch.optim.Adagrad(m.parameters(), lr=0.01)


@torch.compile(backend="eager")
def step():
    opt.step()


for i in range(3):
    opt.zero_grad()
    m(torch.randn(2, 4)).sum().backward()
    step()
print(m.weight.sum().item() != 0)
