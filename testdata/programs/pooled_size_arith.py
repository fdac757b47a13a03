# Sizes of intermediate tensors in a dynamic recompile (UNet's Up block, SwinIR's windows): a pooled size is a
# FloorDiv of the input's symbol (`(s53//2)`), a stride-2 transposed conv or a scale-2 upsampling doubles it, and
# arithmetic on such sizes is rebuilt in the graph from the symbols (`floordiv = s53 // 2`, `mul`, `sub`, the pad
# amounts; `(s//8) - 2*((s//16))` divided by 2 is 0, as sympy finds)
import torch
import torch.nn as nn
import torch.nn.functional as F


def f(x):
    return x + F.max_pool2d(x, 2).shape[2] * 3


def f2(x):
    return x + (x.size(2) - 2 * F.max_pool2d(x, 2).size(2))


class Up(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.Conv2d(4, 8, 3, padding=1)
        self.up = nn.ConvTranspose2d(8, 4, 2, stride=2)
        self.ups = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True)

    def forward(self, x):
        x1 = F.max_pool2d(self.down(x), 2)
        x1 = F.max_pool2d(x1, 2)
        a = self.up(x1)
        b = self.ups(x1)
        diff_y = x.size()[2] // 2 - a.size()[2]
        diff_x = x.size()[3] // 2 - a.size()[3]
        a = F.pad(a, [diff_x // 2, diff_x - diff_x // 2, diff_y // 2, diff_y - diff_y // 2])
        return a, b


for fn in (f, f2):
    cf = torch.compile(fn, backend="eager")
    cf(torch.randn(1, 2, 8, 4))
    cf(torch.randn(1, 2, 12, 4))
cm = torch.compile(Up(), backend="eager")
cm(torch.randn(1, 4, 16, 16))
cm(torch.randn(1, 4, 24, 24))
cm(torch.randn(1, 4, 32, 32))
