# strides of size-1 dims after einops rearrange (reshape/permute/reshape): torch keeps the stride torch.view computes, tparse recomputes it (from mobilevit-pytorch mobilevit.py:156/70, point-transformer multihead rearrange 'b h i d -> b h i 1 d')
import torch
from einops import rearrange

torch.manual_seed(0)


def f(x, q):
    y = rearrange(x, 'b d (h ph) (w pw) -> b (ph pw) (h w) d', ph=2, pw=2)   # h*w == 1
    q = rearrange(q, 'b n (h d) -> b h n d', h=2)
    z = rearrange(q, 'b h i d -> b h i 1 d')                               # b == 1
    return y * 2, z * 2


g = torch.compile(f, backend="eager")
qkv = torch.randn(1, 16, 96)
a, b = g(torch.randn(2, 48, 2, 2), qkv.chunk(3, dim=-1)[0])
print(a.shape, a.stride(), b.shape, b.stride())
