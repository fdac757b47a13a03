# Two dynamic inputs whose sizes duck-share one symbol (k's size placeholder s69 is Sym(s0)): real torch computes
# `-s0` once and reuses that node for the second `-k.shape[1]` slice (rotary-embedding-torch apply_rotary_emb on q
# then k via slice_at_dim(freqs, slice(-seq_len, None))); inferred from the real trace, not run alone under torch
import torch

torch.manual_seed(0)
freqs = torch.randn(32, 4)


@torch.compile(backend="eager")
def f(q, k):
    a = q * freqs[-q.shape[1]:]
    b = k * freqs[-k.shape[1]:]
    return a + b


for n in (8, 12):
    out = f(torch.randn(2, n, 4), torch.randn(2, n, 4))
print(out.shape)
