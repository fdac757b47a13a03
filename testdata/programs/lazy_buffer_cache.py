# a causal mask cached in a buffer that forward() re-registers when the sequence grows (PaLM-pytorch's get_mask,
# x-transformers' AlibiPositionalBias): the dynamic entry guards the buffer as it was, so the third call recompiles
import torch
from torch import nn
torch.manual_seed(0)
class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.register_buffer("mask", None, persistent = False)
    def get_mask(self, n):
        if self.mask is not None and self.mask.shape[-1] >= n:
            return self.mask[:n, :n]
        mask = torch.ones((n, n), dtype = torch.bool).triu(1)
        self.register_buffer("mask", mask, persistent = False)
        return mask
    def forward(self, x):
        n = x.shape[1]
        sim = self.proj(x) @ x.transpose(-1, -2)
        sim = sim.masked_fill(self.get_mask(n), -1e9)
        return sim.softmax(dim = -1) @ x
m = Attn()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    for n in (8, 12, 16):
        out = cm(torch.randn(2, n, 8))
print(out.shape)
