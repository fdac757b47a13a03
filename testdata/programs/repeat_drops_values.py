# Pins: Tensor.repeat / einops.repeat / einops.rearrange of a tensor with known values (an adjacency mask built from
# arange) lose the values in tparse; a later .item() is then guessed (every entry 1), so a Python branch on it
# (En-transformer: `num_nn = neighbors + max_adj + 1; if 0 < num_nn < n: topk`) takes the wrong path and the run
# stops with a false einops shape error. Real torch: max degree 2, branch taken. Expected print: 2 2 2 3.
import torch
from einops import rearrange, repeat

torch.manual_seed(0)
i = torch.arange(6)
adj = (i[:, None] - i[None, :]).abs() == 1
a = adj.unsqueeze(0).repeat(2, 1, 1).long().sum(-1).max().item()
b = repeat(adj, 'i j -> b i j', b=2).long().sum(-1).max().item()
c = rearrange(adj, 'i j -> 1 i j').long().sum(-1).max().item()


@torch.compile(backend="eager")
def nbhd(x, k):
    return x.topk(k, dim=-1, largest=False).indices


k = 1 + b
idx = nbhd(torch.randn(2, 6, 6), k) if 0 < k < 6 else None
print(a, b, c, idx.shape[-1])
