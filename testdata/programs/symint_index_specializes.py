# A SymInt used as an integer index of a tensor subscript (`a[:, n - 1, :]`, `a[n - 1]`, `a[..., n - 1]`): torch's
# indexing reads it through __index__, which guards the symbol to its value; a SymInt slice bound does not.
import torch


@torch.compile(backend="eager")
def tuple_index(a, y):
    n = y.shape[0]
    return a[:, n - 1, :] * 2


@torch.compile(backend="eager")
def plain_index(a, y):
    n = y.shape[0]
    return a[n - 1] + 1


@torch.compile(backend="eager")
def slice_bound(a, y):
    n = y.shape[0]
    return a[:, : n - 1] - 1


a = torch.randn(8, 16, 8)
for m in (5, 6, 7):
    tuple_index(a, torch.randn(m))
    plain_index(a, torch.randn(m))
    slice_bound(a, torch.randn(m))
