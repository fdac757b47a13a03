# torch.spmm(a, b) with dense tensors: the same op as torch.mm, traced into the graph (from tkipf/pygcn pygcn/layers.py)
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(adj, x, w):
    support = torch.mm(x, w)
    out = torch.spmm(adj, support)
    return out + 1


print(f(torch.rand(6, 6), torch.randn(6, 4), torch.randn(4, 3)).shape)
