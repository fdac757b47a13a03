# a @torch.jit.script function (DAC's snake activation) called inside a compiled frame
import torch
@torch.jit.script
def snake(x, alpha):
    shape = x.shape
    x = x.reshape(shape[0], shape[1], -1)
    x = x + (alpha + 1e-9).reciprocal() * torch.sin(alpha * x).pow(2)
    x = x.reshape(shape)
    return x
alpha = torch.ones(1, 4, 1)
@torch.compile(backend="eager")
def f(x):
    return snake(x, alpha) * 2
for n in (16, 24):
    print(f(torch.randn(2, 4, n)).shape)
