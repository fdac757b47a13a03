# cumsum, where, full, arange, expand and comparisons: one graph.
import torch


def f(x):
    c = x.cumsum(dim=-1)
    pos = torch.arange(x.shape[-1])
    big = torch.full((x.shape[0], x.shape[-1]), 5.0)
    m = torch.where(c > 0, c, big)
    return m + pos.unsqueeze(0).expand(x.shape[0], -1)


cf = torch.compile(f, backend="eager")
cf(torch.randn(3, 6))
