# a stride that is the square of a symbolic size prints as sympy's power: `(s53 + 2)**2`, `32*(s53 + 2)**2`, not `(s53 + 2)*(s53 + 2)` (from pytorch-cifar100 models/mobilenetv2.py, conv padding=1 under dynamic=True)
import torch
import torch.nn as nn

torch.manual_seed(0)
conv = nn.Conv2d(3, 4, 1, padding=1)

def f(x):
    return conv(x).relu()

cf = torch.compile(f, backend="eager", dynamic=True)
with torch.no_grad():
    print(cf(torch.randn(2, 3, 8, 8)).shape)
    print(cf(torch.randn(2, 3, 10, 10)).shape)
