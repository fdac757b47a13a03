# torch.bmm(adj, h) on dynamic shapes: the contraction dims (adj.size(2), h.size(1)) become one symbol, and the graph's placeholders print the replacement (from PetarV-/DGI layers/gcn.py)
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def gcn(adj, seq, w):
    h = torch.nn.functional.linear(seq, w)
    return torch.bmm(adj, h).relu()


w = torch.randn(8, 4)
for n in (10, 14):
    print(gcn(torch.rand(1, n, n), torch.randn(1, n, 4), w).shape)
