# a sparse COO tensor (torch.sparse_coo_tensor(...).coalesce(), made eagerly) used by torch.spmm in a compiled frame (from tkipf/pygcn, PetarV-/DGI)
import torch

torch.manual_seed(0)
idx = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 0]])
adj = torch.sparse_coo_tensor(idx, torch.ones(6), (5, 5)).coalesce()


@torch.compile(backend="eager")
def f(x, w):
    return torch.spmm(adj, torch.mm(x, w)) + 1


print(f(torch.randn(5, 4), torch.randn(4, 3)).shape)
