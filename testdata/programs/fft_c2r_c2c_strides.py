# On CPU, irfft/ifft/fft (c2r, c2c) along a non-last dim lay the output out batch-dims-first (meta _exec_fft): [4,72,3] irfft(dim=1) -> strides [216,1,72] (from thuml/FITS models/FITS.py, thuml/Koopa models/Koopa.py)
import torch
def f(x):
    xf = torch.fft.rfft(x, dim=1)          # r2c: contiguous [4, 9, 3][27, 3, 1]
    y = torch.fft.irfft(xf * 2, dim=1)     # c2r: [4, 16, 3][48, 1, 16]
    z = torch.fft.ifft(xf, dim=1)          # c2c: [4, 9, 3][27, 1, 9]
    return y * 1.5, z
g = torch.compile(f, backend="eager")
y, z = g(torch.randn(4, 16, 3))
print(y.shape, y.stride(), z.stride())
