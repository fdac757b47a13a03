# Slices whose bounds are both symbolic (relative positional encodings: a centre index minus and plus the dynamic
# length, FastSpeech2 / Conformer's `pos_enc[:, c - T + 1 : c + T]`, 2*T - 1 long), then the relative shift that
# pads, views and slices them back to T (`pos.size(-1) // 2 + 1`): on the second length every size stays symbolic.
import torch
import torch.nn as nn


class RelShift(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos_enc = nn.Buffer(torch.randn(1, 999, 16), persistent=False)
        self.lin = nn.Linear(16, 16)

    def shift(self, pos_tensor):
        zero_pad = torch.zeros((*pos_tensor.size()[:3], 1), device=pos_tensor.device, dtype=pos_tensor.dtype)
        padded = torch.cat([zero_pad, pos_tensor], dim=-1)
        padded = padded.view(*pos_tensor.size()[:2], pos_tensor.size(3) + 1, pos_tensor.size(2))
        return padded[:, :, 1:].view_as(pos_tensor)[:, :, :, : pos_tensor.size(-1) // 2 + 1]

    def forward(self, x):
        center = self.pos_enc.size(1) // 2
        pos_emb = self.pos_enc[:, center - x.size(1) + 1 : center + x.size(1)]
        q = self.lin(x).view(1, -1, 2, 8).transpose(1, 2)
        p = self.lin(pos_emb).view(1, -1, 2, 8)
        ac = torch.matmul(q, q.transpose(-1, -2))
        bd = torch.matmul(q, p.permute(0, 2, 3, 1))
        bd = self.shift(bd)
        return (ac + bd) / 4.0


class Window(nn.Module):
    # a window of the input around its middle, and a window from a symbolic start to a symbolic end
    def forward(self, x, y):
        n = x.size(1)
        mid = n // 2
        a = x[:, mid - 2 : mid + 2]
        b = y[:, n - 3 : 2 * n - 1]
        c = y[:, 1 : n + 1]
        return a.sum() + b.sum() + c.sum(), b.shape[1], c.shape[1]


m = torch.compile(RelShift(), backend="eager")
for t in (8, 12, 16):
    print(m(torch.randn(1, t, 16)).shape)
w = torch.compile(Window(), backend="eager")
for t in (8, 12, 16):
    print(w(torch.randn(2, t), torch.randn(2, 3 * t))[1:])
