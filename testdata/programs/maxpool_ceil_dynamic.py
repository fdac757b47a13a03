# nn.MaxPool2d(2, stride=2, ceil_mode=True) on a dynamic size (U-2-Net's RSU encoders): real torch keeps the
# pooled size symbolic, ((s - 1)//2) + 1, and the interpolate size built from it is a torch.Size of SymInts;
# image 64 then 48
import torch
import torch.nn as nn
import torch.nn.functional as F

pool = nn.MaxPool2d(2, stride=2, ceil_mode=True)


@torch.compile(backend="eager")
def f(x):
    h1 = pool(x)
    h2 = pool(h1)
    up = F.interpolate(h2, size=h1.shape[2:], mode='bilinear')
    return torch.cat((up, h1), 1)


for s in (64, 48):
    print(f(torch.randn(1, 2, s, s)).shape)
