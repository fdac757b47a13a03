# `None != tensor` (the constant on the left) inside a frame
import torch


def f(x, mask):
    if None != mask:
        x = x * mask
    return x + 1


cf = torch.compile(f, backend="eager")
print(cf(torch.ones(3), torch.ones(3) * 2))
