# A module caching a causal mask / rotary table on attributes (recreated when too short), called with a growing
# sequence: torch compiles 3 times (0/1 reason names `mask` first), ours 4 (a duck-sizing guard
# pos_emb.size()[0] == text.size()[1]); torch prints the pad's stride (s+1)**2 and a sym_sum node for n = x.shape[1]
# (from CoCa-pytorch coca_pytorch.py ParallelTransformerBlock.get_mask / get_rotary_embedding)
import torch
from torch import nn
import torch.nn.functional as F
torch.manual_seed(0)
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.mask = None
        self.pos_emb = None
    def get_pos(self, n):
        if self.pos_emb is not None and self.pos_emb.shape[-2] >= n:
            return self.pos_emb[:n].to(torch.device("cpu"))
        pos_emb = torch.arange(n, dtype=torch.float32)[:, None] * torch.ones(8)
        self.pos_emb = pos_emb
        return pos_emb
    def get_mask(self, n):
        if self.mask is not None and self.mask.shape[-1] >= n:
            return self.mask[:n, :n]
        mask = torch.ones((n, n), dtype=torch.bool).triu(1)
        self.mask = mask
        return mask
    def forward(self, x):
        n = x.shape[1]
        positions = self.get_pos(n)
        sim = (x * positions.cos()) @ x.transpose(-1, -2)
        return sim.masked_fill(self.get_mask(n), -1e4).softmax(-1)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.cls = nn.Parameter(torch.randn(8))
        self.uni = Block()
        self.multi = Block()
    def forward(self, text):
        t = text.float()[..., None] * torch.ones(8)
        x = torch.cat((t, self.cls.expand(t.shape[0], 1, 8)), dim=1)
        pad = F.pad((text != 0)[:, None, :], (0, 1, text.shape[1], 0), value=True)
        return self.uni(x).sum() + self.multi(t).sum() + pad.sum()
f = torch.compile(Net(), backend="eager")
text = torch.ones(2, 1, dtype=torch.long)
for step in range(4):
    print(round(f(text).item(), 3))
    text = torch.cat([text, text[:, -1:]], dim=1)
