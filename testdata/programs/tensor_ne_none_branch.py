# `tensor != None` and `tensor == None` inside a frame: Tensor.__ne__(None) falls back to identity
import torch


def f(x, mask):
    if mask != None:
        x = x * mask
    same = mask == None
    return x + 1, same


cf = torch.compile(f, backend="eager")
print(cf(torch.ones(3), torch.ones(3) * 2))
print(cf(torch.ones(3), None))
