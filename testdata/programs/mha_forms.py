# nn.MultiheadAttention inside a compiled frame: sequence-first self-attention with weights, batch_first
# cross-attention without weights (key is value), and batch_first self-attention in training mode.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.seq_first = nn.MultiheadAttention(32, 4)
        self.cross = nn.MultiheadAttention(32, 2, batch_first=True)
        self.self_bf = nn.MultiheadAttention(32, 4, batch_first=True, dropout=0.0)

    def forward(self, x, mem):
        a, w = self.seq_first(x, x, x)
        b, _ = self.cross(x.transpose(0, 1), mem, mem, need_weights=False)
        c, w2 = self.self_bf(b, b, b, average_attn_weights=False)
        return a.sum() + b.sum() + c.sum() + w.sum() + w2.sum()


m = Net()
cm = torch.compile(m, backend="eager")
cm(torch.randn(6, 2, 32), torch.randn(2, 5, 32))
