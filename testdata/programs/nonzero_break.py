# torch.nonzero has a data-dependent output shape: graph break.
import torch


def f(x):
    y = x.abs() + 1
    idx = torch.nonzero(y)
    return idx.sum() + y.sum()


cf = torch.compile(f, backend="eager")
cf(torch.ones(4, 4))
