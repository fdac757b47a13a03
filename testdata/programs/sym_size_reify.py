# sizes of intermediate tensors that are SymInt expressions under dynamic shapes (a stride-2 conv's
# `((s53 - 3)//2) + 1`), read with `.shape` and passed to ops: torch 2.11 rebuilds each from the input symbols where it
# was read (torch.sym_sum / floordiv / mul nodes), DeepLab's ASPPPooling `size = x.shape[-2:]` then F.interpolate,
# improved-diffusion's reshape by a product of sizes, a pooled size read early and used later.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, stride=2)
        self.pool = nn.MaxPool2d(2)

    def forward(self, x):
        y = self.conv(x)
        size = y.shape[-2:]
        p = F.interpolate(F.adaptive_avg_pool2d(y, 1), size=size, mode="bilinear", align_corners=False)
        b, c = y.shape[:2]
        q = y.reshape(b * 2, -1, y.shape[2] * y.shape[3])
        z = self.pool(y)
        h = z.shape[2]
        z = z.relu()
        r = z.view(b, c, h * z.shape[3])
        return p.sum() + q.sum() + r.sum()


cm = torch.compile(M(), backend="eager")
with torch.no_grad():
    print(cm(torch.randn(2, 3, 17, 17)).shape)
    print(cm(torch.randn(3, 3, 25, 29)).shape)
    print(cm(torch.randn(4, 3, 21, 33)).shape)
