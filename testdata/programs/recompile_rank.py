# Rank change recompiles.
import torch


def f(x):
    return x.relu() + 1


cf = torch.compile(f, backend="eager")
cf(torch.randn(4))
cf(torch.randn(4, 4))
