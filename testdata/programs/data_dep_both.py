# Both branches of a data-dependent if are taken over two calls: 3 graphs, 2 resume frames.
import torch


def f(x):
    y = x * 3
    if y.sum() > 0:
        return y + 1
    return y - 1


cf = torch.compile(f, backend="eager")
cf(torch.ones(8))
cf(-torch.ones(8))
