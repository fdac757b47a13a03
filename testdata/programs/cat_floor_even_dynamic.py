# Restormer / U-Net skip: torch.cat([up(down(x)), x], 1) where down = PixelUnshuffle(2), up = PixelShuffle(2).
# With dynamic H the two cat inputs have H = 2*(s//2) and H = s: real torch adds the relational guard
# Eq(2*(s//2), s) (seen as Eq((s39//2), 4*((s39//8))) in Restormer) and keeps H, W symbolic, so the
# third size (16) hits the dynamic graph; it must not specialize H, W to the second call's 12
import torch
import torch.nn as nn

down = nn.Sequential(nn.Conv2d(4, 2, 3, padding=1), nn.PixelUnshuffle(2))
up = nn.Sequential(nn.Conv2d(8, 16, 3, padding=1), nn.PixelShuffle(2))


@torch.compile(backend="eager")
def f(x):
    z = up(down(x))
    return torch.cat([z, x], 1)


with torch.no_grad():
    for b, s in ((1, 8), (2, 12), (3, 16)):
        print(tuple(f(torch.randn(b, 4, s, s)).shape))
