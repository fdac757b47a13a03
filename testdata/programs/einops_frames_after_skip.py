# Pins: einops.rearrange / repeat called eagerly from a frame Dynamo skipped (En-transformer's forward: a break in its
# loop). einops' functions are Python: each call is a frame of its own (`repeat einops.py:627`, `rearrange
# einops.py:561`) whose graph is one `einops_einops_reduce(..., reduction='repeat')` node, recompiled dynamic on a
# new size; the values they carry decide what follows (an adjacency's degree read with item()).
import torch
from einops import rearrange, repeat


@torch.compile(backend="eager")
def f(x, adj):
    out = []
    for i in range(2):
        print("step", i)
        a = repeat(adj, "i j -> b i j", b=x.shape[0])
        deg = int(a.long().sum(dim=-1).max().item())
        out.append(rearrange(x, "b n d -> b d n")[..., :deg])
    return out


for n in (5, 7, 9):
    i = torch.arange(n)
    adj = (i[:, None] - i[None, :]).abs() == 1
    r = f(torch.randn(2, n, 3), adj)
    print(n, [t.shape for t in r])
