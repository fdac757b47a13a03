# Branching on a tensor value: data-dependent jump, no restart, resume function for the branch.
import torch


def f(x, w):
    y = x @ w
    if y.sum() > 0:
        y = y.relu()
    else:
        y = y.sigmoid()
    return y.mean(dim=0)


cf = torch.compile(f, backend="eager")
cf(torch.ones(4, 16), torch.ones(16, 16))
