# A generator function consumed in a compiled frame: a for loop over it (its body's ops interleave
# with the generator's) and sum() over a generator; no graph break.
import torch


def scaled(x, n):
    for i in range(n):
        yield x * (i + 1)


def f(x):
    total = torch.zeros_like(x)
    for h in scaled(x, 3):
        total = total + h.sin()
    return total + sum(scaled(x, 2))


cf = torch.compile(f, backend="eager")
cf(torch.randn(4, 4))
cf(torch.randn(4, 4))
