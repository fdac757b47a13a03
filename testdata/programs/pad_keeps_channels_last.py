# F.pad (constant) of a channels_last-strided 4-D tensor (a permute of NHWC) keeps channels_last strides, and conv2d on it returns channels_last (from fourier_neural_operator fourier_2d.py FNO2d.forward: fc0 -> permute(0,3,1,2) -> F.pad -> 1x1 Conv2d)
import torch
import torch.nn.functional as F

torch.manual_seed(0)
fc0 = torch.nn.Linear(3, 8)
w0 = torch.nn.Conv2d(8, 8, 1)

def f(x):
    x = fc0(x)
    x = x.permute(0, 3, 1, 2)
    x = F.pad(x, [0, 4, 0, 4])
    y = w0(x)
    return y, y.stride()

g = torch.compile(f, backend="eager")
y, s = g(torch.randn(2, 6, 6, 3))
print(y.shape, s)
