# F.scaled_dot_product_attention checks attn_mask broadcastable to (B, H, L, S): a mask whose dims are other symbols than q/k's sizes makes Eq guards, and torch replaces the symbols (s64 -> s27, s77 -> s31) in the whole graph (from transformers bert/roberta/electra/albert padding mask + sdpa)
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x, mask):
    q = x.view(x.shape[0], x.shape[1], 2, 4).transpose(1, 2)
    m = mask[:, None, None, :].bool()
    out = F.scaled_dot_product_attention(q, q, q, attn_mask=m)
    return out.transpose(1, 2).reshape(x.shape[0], x.shape[1], 8)


f = torch.compile(fn, backend="eager")
for b, s in ((2, 8), (3, 12)):
    print(f(torch.randn(b, s, 8), torch.ones(b, s, dtype=torch.long)).sum())
