# Adadelta.step() compiled: _init_group eagerly, then _single_tensor_adadelta traced (square_avg, acc_delta updates)
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Linear(4, 3)
opt = torch.optim.Adadelta(m.parameters(), lr=1.0, rho=0.9, eps=1e-6)


@torch.compile(backend="eager")
def step():
    opt.step()


for i in range(3):
    opt.zero_grad()
    m(torch.randn(2, 4)).sum().backward()
    step()
print(m.weight.sum().item() != 0)
