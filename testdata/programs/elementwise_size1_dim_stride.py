# Elementwise op on a transposed view with a size-1 dim keeps the input's dim order in the output strides ([32,16,32,1], not contiguous) (from torchscale multiscale_retention.py theta_shift)
import torch
torch.manual_seed(0)


def f(x, cos):
    q = x.view(2, 1, 2, 16).transpose(1, 2)   # [2, 2, 1, 16] strides [32, 16, 32, 1]
    return q * cos


g = torch.compile(f, backend="eager")
print(g(torch.randn(2, 1, 32), torch.randn(16)).stride())
