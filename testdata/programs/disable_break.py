# Calling a torch.compiler.disable'd helper from compiled code is a graph break.
import torch


@torch.compiler.disable
def helper(t):
    return t * 10


def f(x):
    a = x + 1
    b = helper(a)
    return b - 1


cf = torch.compile(f, backend="eager")
cf(torch.randn(4))
