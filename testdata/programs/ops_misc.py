"""Everyday tensor ops in one frame: F.pad, F.interpolate, topk (unpacked), max over a dim
(.values), gather, torch.finfo(...).min in a where, repeat_interleave, softmax of a Linear."""
import torch
import torch.nn.functional as F
from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        y = F.pad(x, (1, 1))
        z = F.interpolate(x.unsqueeze(1), scale_factor=2, mode="nearest")
        v, i = torch.topk(x, 2, dim=-1)
        m = x.max(dim=-1).values
        g = torch.gather(x, 1, i)
        neg = torch.finfo(x.dtype).min
        w = torch.where(x > 0, x, torch.full_like(x, neg))
        r = x.repeat_interleave(2, dim=0)
        s = torch.softmax(self.lin(x), dim=-1)
        return y.sum() + z.sum() + v.sum() + m.sum() + g.sum() + w.sum() + r.sum() + s.sum()


if __name__ == "__main__":
    torch.manual_seed(0)
    cm = torch.compile(M(), backend="eager")
    print(cm(torch.randn(4, 8)).shape)
