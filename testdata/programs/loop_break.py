# A graph break inside a for loop skips the whole frame: no graphs.
import torch


def f(x):
    for i in range(3):
        x = x + i
        print("step", i)
    return x


cf = torch.compile(f, backend="eager")
cf(torch.randn(4))
