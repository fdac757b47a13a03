# A constant slice end past a dynamic length (RETRO's `embed[:, :self.seq_len]` with a shorter sequence): torch's
# slice clamps the end to the size under the guard `64 > s`, so the result keeps the symbol and every size read from
# it stays symbolic (ones(n, n), arange(n), `n - n + 1`); the third length reuses the graph.
import torch


@torch.compile(backend="eager")
def f(x):
    e = x[:, :64]
    n = e.shape[1]
    mask = torch.ones(n, n, dtype=torch.bool).triu(n - n + 1)
    tail = x[:, 2:100]
    return (e + torch.arange(n)[None, :, None]).masked_fill(mask[:, :4], 0.), tail.shape[1]


for n in (8, 12, 16):
    out, m = f(torch.randn(2, n, 4))
    print(out.shape, m)
