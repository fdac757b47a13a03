# a torch function given None as its input raises the argument parser's TypeError (samplernn's gradient clipping
# `hardtanh(p.grad, min, max, inplace=True)` for a parameter the step did not use: its grad is None)
import torch
from torch.nn.functional import hardtanh
torch.manual_seed(0)

lin = torch.nn.Linear(4, 4)
h0 = torch.nn.Parameter(torch.zeros(4))


@torch.compile(backend="eager")
def step(x, use_h0):
    y = lin(x)
    return (y + h0).sum() if use_h0 else y.sum()


step(torch.randn(2, 4), True).backward()
for p in (lin.weight, h0):
    hardtanh(p.grad, -1, 1, inplace=True)
lin.zero_grad()
h0.grad = None
step(torch.randn(2, 4), False).backward()
try:
    for p in (lin.weight, h0):
        hardtanh(p.grad, -1, 1, inplace=True)
except TypeError as e:
    print("TypeError", str(e)[:40])
print(step(torch.randn(3, 4), False).shape)
