# Tensor.unfold is a view: strides are (..., step*s, s) of the input, e.g. [s, 3, 8, 8][108, 36, 4, 1], not contiguous [192, 64, 8, 1] (from yuqinie98/PatchTST PatchTST_backbone.py:70)
import torch
import torch.nn as nn

pad = nn.ReplicationPad1d((0, 4))


def f(z):
    z = pad(z)
    z = z.unfold(dimension=-1, size=8, step=4)
    return z.permute(0, 1, 3, 2)


torch.manual_seed(0)
g = torch.compile(f, backend="eager")
print(g(torch.randn(2, 3, 32)).stride())
print(g(torch.randn(5, 3, 32)).stride())
