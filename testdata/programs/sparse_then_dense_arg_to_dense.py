# Purpose: a compiled function called with a sparse adjacency (never wrapped: the frame runs eagerly) at two sizes, then
# with dense ones: the dense adj starts static (automatic dynamic recorded nothing of the sparse one), so x's size
# symbol specializes where it broadcasts with adj.to_dense() (a graph node on a dense tensor); HGCN's DenseAtt
import torch


@torch.compile(backend="eager")
def f(x, adj):
    n = x.size(0)
    a = x.unsqueeze(1).expand(-1, n, -1).sum(-1)
    return torch.mul(adj.to_dense(), a).sum()


for n in (5, 7):
    print(round(f(torch.ones(n, 3), (torch.eye(n) > 0).float().to_sparse()).item(), 3))
for n in (5, 5, 7):
    print(round(f(torch.ones(n, 3), torch.eye(n)).item(), 3))
