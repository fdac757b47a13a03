# MAR.forward_mae_encoder / decoder: drop masked tokens with `x[(1 - mask).nonzero(as_tuple=True)]` and scatter
# them back with an index_put on `(1 - mask).nonzero(as_tuple=True)` (data-dependent output shapes).
import torch


def enc_dec(x, mask, tok):
    bsz, seq_len, d = x.shape
    kept = x[(1 - mask).nonzero(as_tuple=True)].reshape(bsz, -1, d)
    kept = kept * 2
    out = tok.repeat(bsz, seq_len, 1).clone()
    out[(1 - mask).nonzero(as_tuple=True)] = kept.reshape(kept.shape[0] * kept.shape[1], d)
    return out + 1


f = torch.compile(enc_dec, backend="eager")
tok = torch.zeros(1, 1, 4)
m = torch.zeros(2, 6)
m[:, :3] = 1
f(torch.randn(2, 6, 4), m, tok)
m = torch.zeros(3, 6)
m[:, 2:] = 1
f(torch.randn(3, 6, 4), m, tok)
