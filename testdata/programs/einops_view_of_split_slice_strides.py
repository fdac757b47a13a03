# einops rearrange 'b n (h d) -> b h n d' of a split() slice is a view: strides keep the fused width (320), also for
# a size-1 n and for a symbolic n = s + 1 (torch: [320*s+320, 16, 320, 1]; ours copies: [32*s+32, 16*s+16, 16, 1])
# (from CoCa-pytorch coca_pytorch.py ParallelTransformerBlock, fused_attn_ff_proj(x).split(...))
import torch
from torch import nn
from einops import rearrange
torch.manual_seed(0)
proj = nn.Linear(32, 320, bias=False)
cls = torch.randn(1, 1, 32)
@torch.compile(backend="eager")
def f(x):
    x = torch.cat((x, cls.expand(x.shape[0], 1, 32)), dim=1)   # n = s + 1
    q, k, v, ff = proj(x).split((32, 16, 16, 256), dim=-1)
    q = rearrange(q, "b n (h d) -> b h n d", h=2)
    return q * 2.0
@torch.compile(backend="eager")
def g(x):                                  # n = 1: torch keeps stride 320 on the size-1 dim, ours 32
    q, k, v, ff = proj(x).split((32, 16, 16, 256), dim=-1)
    return rearrange(q, "b n (h d) -> b h n d", h=2) * 2.0
print(g(torch.randn(2, 1, 32)).shape)
for n in (1, 2, 3):
    print(f(torch.randn(2, n, 32)).shape)
