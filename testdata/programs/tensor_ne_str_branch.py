# `tensor != "str"` and `"str" != tensor` inside a frame: Tensor.__ne__ gives NotImplemented, Python falls back to identity
import torch


def f(x, mode):
    if mode != "learned":
        x = x * 2
    if "fixed" != x:
        x = x + 1
    return x


cf = torch.compile(f, backend="eager")
print(cf(torch.ones(3), torch.ones(3)))
