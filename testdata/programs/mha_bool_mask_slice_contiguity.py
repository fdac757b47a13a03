# Pins: a boolean causal-mask buffer built with `.to(bool)` (Python's type as the dtype: torch.bool) and sliced to the
# sequence length for nn.MultiheadAttention (CORL's DecisionTransformer). torch 2.11 canonicalizes both masks
# (zeros_like + masked_fill_); on the dynamic graph empty_like's contiguity check of the slice guards
# Ne(3*s, 12), so the call whose 3*T equals the buffer's 12 recompiles and specializes T there.
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, n, d):
        super().__init__()
        self.register_buffer("causal_mask", ~torch.tril(torch.ones(n, n)).to(bool))
        self.attn = nn.MultiheadAttention(d, 2, batch_first=True)

    def forward(self, x, pad):
        m = self.causal_mask[: x.shape[1], : x.shape[1]]
        return self.attn(x, x, x, attn_mask=m, key_padding_mask=pad, need_weights=False)[0]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Linear(5, 16)
        self.blocks = nn.ModuleList([Block(12, 16), Block(12, 16)])

    def forward(self, s):
        e = self.emb(s)
        x = torch.stack([e, e, e], dim=2).reshape(s.shape[0], 3 * s.shape[1], 16)
        pad = torch.zeros(x.shape[:2], dtype=torch.bool)
        for b in self.blocks:
            x = b(x, pad)
        return x


torch.manual_seed(0)
net = torch.compile(Net(), backend="eager")
print(net.blocks[0].causal_mask.dtype)
for t in (2, 3, 4, 3):
    print(t, net(torch.randn(2, t, 5)).shape)
