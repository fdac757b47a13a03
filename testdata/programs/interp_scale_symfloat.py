# DINOv2 interpolate_pos_encoding (Depth-Anything-V2): scale_factor=(float(w0)/sqrt_N, ...) with
# w0 = w // patch + 0.1 from the input's shape, then asserts on the interpolated size; image 56 then 70
import math
import torch
import torch.nn as nn

pos_embed = torch.randn(1, 17, 8)


@torch.compile(backend="eager")
def f(x):
    B, nc, w, h = x.shape
    N = pos_embed.shape[1] - 1
    w0, h0 = w // 14 + 0.1, h // 14 + 0.1
    sqrt_N = math.sqrt(N)
    sx, sy = float(w0) / sqrt_N, float(h0) / sqrt_N
    p = nn.functional.interpolate(pos_embed[:, 1:].reshape(1, int(sqrt_N), int(sqrt_N), 8).permute(0, 3, 1, 2),
                                  scale_factor=(sx, sy), mode="bicubic", antialias=False)
    assert int(w0) == p.shape[-2]
    return p.permute(0, 2, 3, 1).reshape(1, -1, 8) * x.mean()


for s in (70, 84):
    print(f(torch.randn(1, 3, s, s)).shape)
