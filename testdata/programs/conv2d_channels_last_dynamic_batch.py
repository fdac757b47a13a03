# conv2d on a channels-last-strided input under a dynamic batch: torch keeps channels_last output strides [512, 1, 128, 32], tparse makes them contiguous (static batch agrees) (from deit patchconvnet_models.py:197-198)
import torch
import torch.nn as nn

torch.manual_seed(0)
conv = nn.Conv2d(32, 32, 1)


def f(x):
    B, N, C = x.shape
    y = x.transpose(-1, -2).reshape(B, C, 4, 4)
    return conv(y).relu()


g = torch.compile(f, backend="eager")
print(g(torch.randn(2, 16, 32)).shape)
print(g(torch.randn(3, 16, 32)).shape)
