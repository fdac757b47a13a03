# A KV-cache decoder step in the style of LLaMA inference files: a cache written in place
# (`cache[:, :, pos] = k`, operator.setitem), complex rotary embeddings (polar / view_as_complex /
# view_as_real), nn.Buffer, rms_norm, einsum with `...`, roll/flip, meshgrid, topk/gather/argsort and a
# cross-entropy loss: one graph. A second function uses one-argument torch.where (a dynamic shape).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Step(nn.Module):
    def __init__(self, heads=2, dim=8, max_len=16, vocab=32):
        super().__init__()
        self.heads = heads
        self.dim = dim
        freqs = 1.0 / (10000.0 ** (torch.arange(0, dim, 2).float() / dim))
        t = torch.arange(max_len).float()
        self.freqs_cis = nn.Buffer(torch.polar(torch.ones(max_len, dim // 2), torch.outer(t, freqs)), persistent=False)
        self.cache_k = nn.Buffer(torch.zeros(1, heads, max_len, dim), persistent=False)
        self.wq = nn.Linear(heads * dim, heads * dim, bias=False)
        self.out = nn.Linear(heads * dim, vocab, bias=False)

    def forward(self, x, pos, targets):
        b, s, _ = x.shape
        x = F.rms_norm(x, (x.shape[-1],))
        q = self.wq(x).view(b, s, self.heads, self.dim)
        qc = torch.view_as_complex(q.float().reshape(b, s, self.heads, -1, 2))
        fc = self.freqs_cis[pos : pos + s].view(1, s, 1, self.dim // 2)
        q = torch.view_as_real(qc * fc).flatten(3).transpose(1, 2)
        self.cache_k[:, :, pos : pos + s] = q
        keys = self.cache_k[:, :, : pos + s]
        att = torch.einsum("...qd,...kd->...qk", q, keys).softmax(dim=-1)
        y = torch.einsum("bhqk,bhkd->bqhd", att, keys).reshape(b, s, -1)
        y = torch.roll(y, 1, dims=1) + y.flip(1)
        gi, gj = torch.meshgrid(torch.arange(s), torch.arange(s), indexing="ij")
        logits = self.out(y) + (gi - gj).sum()
        vals, idx = logits.topk(3, dim=-1)
        picked = torch.gather(logits, -1, idx)
        order = torch.argsort(picked, dim=-1, descending=True)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1)
        return loss, vals + order, picked


def where_mask(x):
    rows, cols = torch.where(x > 0)
    return rows.sum() + cols.sum()


torch.manual_seed(0)
m = Step()
step = torch.compile(m, backend="eager")
loss, a, b = step(torch.randn(1, 4, 16), 3, torch.randint(0, 32, (1, 4)))
wm = torch.compile(where_mask, backend="eager")
wm(torch.randn(3, 5))
print("ok", tuple(a.shape), tuple(b.shape))
