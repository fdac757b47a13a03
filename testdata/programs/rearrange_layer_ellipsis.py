# einops.layers.torch.Rearrange with a pattern that starts with '...' (vit-pytorch cvt / twins_svt heads:
# Rearrange('... () () -> ...'); crossformer's DynamicPositionBias: Rearrange('... () -> ...'))
import torch
from torch import nn
from einops.layers.torch import Rearrange
torch.manual_seed(0)
m = nn.Sequential(nn.Conv2d(3, 8, 3, padding = 1), nn.AdaptiveAvgPool2d(1), Rearrange('... () () -> ...'), nn.Linear(8, 4))
dpb = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 1), Rearrange('... () -> ...'))
flat = Rearrange('... h w -> ... (h w)')
@torch.compile(backend="eager")
def f(x, pos):
    return m(x).sum() + dpb(pos).sum() + flat(x).sum(-1).mean()
with torch.no_grad():
    for b in (2, 3):
        out = f(torch.randn(b, 3, 8, 8), torch.randn(b, 5, 2))
print(out)
