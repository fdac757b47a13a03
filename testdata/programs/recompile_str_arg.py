# A string argument is always specialized: one compile per value.
import torch


def g(x, mode):
    if mode == "a":
        return x + 1
    return x - 1


cg = torch.compile(g, backend="eager")
cg(torch.randn(4), "a")
cg(torch.randn(4), "b")
cg(torch.randn(4), "a")
