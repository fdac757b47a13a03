# An all-pairs correlation volume with a dynamic batch (the shape of an optical-flow cost volume): size products
# (b*h*w) feed views and reshapes, a pyramid by average pooling, a lookup by grid_sample around each pixel. The
# dynamic graph's SymInt arithmetic (which products get a mul node, which are reused) is what this program pins.
import torch
import torch.nn.functional as F


def volume(f1, f2, coords):
    b, c, h, w = f1.shape
    a = f1.view(b, c, h * w).transpose(1, 2)
    corr = torch.matmul(a, f2.view(b, c, h * w)).view(b, h, w, 1, h, w)
    b2, h1, w1, d, h2, w2 = corr.shape
    corr = corr.reshape(b2 * h1 * w1, d, h2, w2)
    levels = [corr, F.avg_pool2d(corr, 2, stride=2)]
    pts = coords.permute(0, 2, 3, 1)
    n, hh, ww, _ = pts.shape
    out = []
    for i, lvl in enumerate(levels):
        centre = pts.reshape(n * hh * ww, 1, 1, 2) / 2 ** i
        grid = centre / (lvl.shape[-1] - 1) * 2 - 1
        s = F.grid_sample(lvl, grid, align_corners=True)
        out.append(s.view(n, hh, ww, -1))
    return torch.cat(out, dim=-1).permute(0, 3, 1, 2)


cv = torch.compile(volume, backend="eager")
for b in (1, 2, 3):
    print(cv(torch.randn(b, 8, 4, 4), torch.randn(b, 8, 4, 4), torch.rand(b, 2, 4, 4) * 3).shape)
