# A size read of a strided conv's flattened output rebuilds (s//8)*(t//8) at the read; the frame's own `w // 8`
# later is the same expression: automatic dynamic on the second call (sizes 32x40, then 16x24, 48x56).
import torch

torch.manual_seed(0)
proj = torch.nn.Conv2d(3, 8, 8, 8)


@torch.compile(backend="eager")
def f(img):
    B, nc, w, h = img.shape
    x = proj(img).flatten(2)
    n = x.shape[2] + 1
    a = w // 8 + 0.5
    return x * a, n


for s in (32, 16, 48):
    print(f(torch.randn(2, 3, s, s + 8))[1])
