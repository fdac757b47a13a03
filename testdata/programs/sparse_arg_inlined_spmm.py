# Purpose: a sparse COO tensor passed as an argument through an inlined call that ends in torch.spmm (hgcn's HypAgg).
# Dynamo cannot wrap sparse tensors (gb0015). tparse: the root frame is skipped ("Failed to handle graph break
# gracefully") after realizing the sparse arg at the break; the callee frames then get their own compiles, and the
# one calling torch.spmm directly compiles up to the call and skips the rest. Compare frames/graphs/breaks with torch.
import torch


def agg(x, adj):
    h = torch.tanh(x * 2)
    s = torch.spmm(adj, h)
    return s.relu() + 1


def layer(x, adj):
    return agg(x + 1, adj) * 3


@torch.compile(backend="eager")
def step(x, adj):
    y = layer(x.sin(), adj)
    return y.sum()


a = (torch.rand(5, 5) < 0.4).float() + torch.eye(5)
print(round(step(torch.randn(5, 3), a.to_sparse()).item(), 4))
print(round(step(torch.randn(5, 3), a.to_sparse()).item(), 4))
print(round(step(torch.randn(5, 3), a).item(), 4))   # dense afterwards: is `step` still skipped?
