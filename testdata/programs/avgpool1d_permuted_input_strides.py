# AvgPool1d on a permuted (channels-last-like) input keeps that layout: output [4, 3, 32] has strides [96, 1, 3], not contiguous [96, 32, 1] (from yuqinie98/PatchTST layers/PatchTST_layers.py moving_avg / series_decomp)
import torch
import torch.nn as nn

avg = nn.AvgPool1d(kernel_size=5, stride=1, padding=0)


def f(x):
    front = x[:, 0:1, :].repeat(1, 2, 1)
    end = x[:, -1:, :].repeat(1, 2, 1)
    x = torch.cat([front, x, end], dim=1)
    x = avg(x.permute(0, 2, 1))
    return x.permute(0, 2, 1)


torch.manual_seed(0)
y = torch.compile(f, backend="eager")(torch.randn(4, 32, 3))
print(y.shape, y.stride())
