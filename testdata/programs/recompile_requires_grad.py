# requires_grad change recompiles.
import torch


def f(x):
    return x.sin() * 2


cf = torch.compile(f, backend="eager")
cf(torch.randn(4))
cf(torch.randn(4, requires_grad=True))
