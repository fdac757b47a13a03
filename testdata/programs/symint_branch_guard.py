# A branch on a dynamic size (`x.size(0) > 4`) in the automatic-dynamic compile guards the relation: a later
# size on the other side of it fails the guard and recompiles
import torch


def f(x):
    if x.size(0) > 4:
        return x * 2
    return x - 1


cf = torch.compile(f, backend="eager")
cf(torch.randn(6))
cf(torch.randn(8))
cf(torch.randn(3))
cf(torch.randn(10))
