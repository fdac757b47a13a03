# A size that is a product of nested floor-divisions of a dynamic dim, passed to a factory (TSM temporal shift:
# n = nt // 4; x.view(n, 4, ...) makes dim 1 `s77//((s77//4))`; after view back, size(0) is
# `((s77//4))*((s77//((s77//4))))`). Real dynamo rebuilds every sub-expression as a graph node:
#   floordiv_1 = s77 // floordiv;  mul = floordiv * floordiv_1;  torch.zeros(mul, ...)
# (trimmed from repros/shift_zeros_setitem.py, which was run on real torch 2.11)
import torch


@torch.compile(backend="eager")
def f(x):
    nt, c = x.size()
    y = x.view(nt // 4, 4, c).view(nt, c)
    y = y * 2
    z = torch.zeros(y.size(0), 3)
    return torch.cat([y, z], dim=1)


for b in (2, 3):
    print(f(torch.randn(b * 4, 5)).shape)
