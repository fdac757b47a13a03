# Size change: one recompile, the dim becomes dynamic; a third size hits the dynamic entry.
import torch


def f(x):
    return x * 2 + 1


cf = torch.compile(f, backend="eager")
cf(torch.randn(4))
cf(torch.randn(8))
cf(torch.randn(16))
