# Two prints between tensor ops: three graphs, two breaks.
import torch


def f(x):
    a = x * 2
    print("one")
    b = a + 1
    print("two")
    return b.sum()


cf = torch.compile(f, backend="eager")
cf(torch.randn(4, 4))
