# TF 'SAME' padding `max((-(i // -s) - 1) * s + (k - 1) * d + 1 - i, 0)` twice under dynamic H/W: sympy prints Max with the number first, `Max(0, -2*(...) - (...))`, and a stride product of two sums as `3*(A)*(B)`; tparse prints the second Max as `Max(..., 0)` and the stride as `3*((A))*((B))` (from gen-efficientnet-pytorch geffnet/conv2d_layers.py conv2d_same)
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


def calc_same_pad(i, k, s, d):
    return max((-(i // -s) - 1) * s + (k - 1) * d + 1 - i, 0)


def conv2d_same(x, w, stride):
    ih, iw = x.size()[-2:]
    kh, kw = w.size()[-2:]
    pad_h = calc_same_pad(ih, kh, stride, 1)
    pad_w = calc_same_pad(iw, kw, stride, 1)
    x = F.pad(x, [pad_w // 2, pad_w - pad_w // 2, pad_h // 2, pad_h - pad_h // 2])
    return F.conv2d(x, w, None, stride)


torch.manual_seed(0)
w1 = torch.randn(4, 3, 3, 3)
w2 = torch.randn(4, 4, 3, 3)


@torch.compile(backend="eager")
def f(x):
    return conv2d_same(conv2d_same(x, w1, 2), w2, 2)


for h in (32, 48, 40):
    print(f(torch.randn(2, 3, h, h)).shape)
