# F.interpolate of a permuted (channels-last strided) input keeps its memory format; flatten of a strided conv's
# output under a dynamic size (automatic dynamic on the second call).
import torch
import torch.nn.functional as F

torch.manual_seed(0)
conv = torch.nn.Conv2d(3, 4, 4, 4)


@torch.compile(backend="eager")
def f(x, img):
    p = F.interpolate(x.permute(0, 3, 1, 2), scale_factor=2.0, mode="bilinear")
    q = conv(img).flatten(2)
    return p.permute(0, 2, 3, 1).reshape(1, -1, 8), q.transpose(1, 2)


with torch.no_grad():
    for s in (16, 24):
        a, b = f(torch.randn(1, 4, 4, 8), torch.randn(2, 3, s, s + 4))
        print(a.shape, b.shape)
