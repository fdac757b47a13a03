# dynamic=False: a new static entry per size until the recompile limit (8) is hit.
import torch


def f(x):
    return x + 1


cf = torch.compile(f, backend="eager", dynamic=False)
for n in range(1, 12):
    cf(torch.randn(n))
