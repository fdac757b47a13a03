# dtype change recompiles.
import torch


def f(x):
    return (x * 2).softmax(-1).sum(0)


cf = torch.compile(f, backend="eager")
cf(torch.randn(4, 8))
cf(torch.randn(4, 8, dtype=torch.float64))
