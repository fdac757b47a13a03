# a permute+reshape (einops rearrange 'n c h w -> n (h w) c') with batch 1 keeps stride 2048 on the size-1 dim in torch's graph (from LoFTR loftr/loftr.py)
import torch
from einops import rearrange
torch.manual_seed(0)
@torch.compile(backend="eager")
def f(x):
    a = rearrange(x + 1, "n c h w -> n (h w) c")
    b = (x + 1).permute(0, 2, 3, 1).reshape(1, 64, 32)
    return a * 2, b * 2
a, b = f(torch.randn(1, 32, 8, 8))
print(a.stride(), b.stride())   # torch graph for rearrange: [2048, 1, 64]
