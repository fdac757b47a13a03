# `from einops.einops import rearrange` is the same function as einops.rearrange (from LoFTR src/loftr: every file imports einops.einops)
import torch
from einops.einops import rearrange
torch.manual_seed(0)
@torch.compile(backend="eager")
def f(x):
    y = rearrange(x, "n c h w -> n (h w) c")
    return y.sum(-1) * 2
print(f(torch.randn(2, 4, 3, 3)).shape)
