# Embedding + RMSNorm + causal mask with tril/masked_fill + log_softmax: one graph.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class TinyLM(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.norm = nn.RMSNorm(dim)
        self.out = nn.Linear(dim, vocab, bias=False)
        self.scale = 1.0 / math.sqrt(dim)

    def forward(self, ids):
        h = self.norm(self.emb(ids))
        t = ids.shape[1]
        att = (h @ h.transpose(-2, -1)) * self.scale
        mask = torch.tril(torch.ones(t, t))
        att = att.masked_fill(mask == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        h = att @ h
        return F.log_softmax(self.out(h), dim=-1)


m = TinyLM(100, 16)
cm = torch.compile(m, backend="eager")
cm(torch.randint(0, 100, (2, 6)))
