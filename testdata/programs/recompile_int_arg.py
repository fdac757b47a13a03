# An int argument: first specialized, then dynamic after a change.
import torch


def g(x, n):
    return x * n


cg = torch.compile(g, backend="eager")
cg(torch.randn(4), 2)
cg(torch.randn(4), 3)
cg(torch.randn(4), 4)
