# A break inside an inlined helper cuts the caller too: 4 graphs.
import torch


def helper(y):
    z = y + 1
    print("inside helper")
    return z * 2


def f(x):
    y = x * 2
    return helper(y) - 1


cf = torch.compile(f, backend="eager")
cf(torch.randn(4))
