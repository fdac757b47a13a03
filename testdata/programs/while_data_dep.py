# A while loop on a tensor condition: data-dependent jump inside a loop skips the frame.
import torch


def f(x):
    while x.sum() > 0:
        x = x - 10
    return x


cf = torch.compile(f, backend="eager")
cf(torch.ones(4))
