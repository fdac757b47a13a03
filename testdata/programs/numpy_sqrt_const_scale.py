# np.sqrt of python ints as scale factors on a complex-derived tensor (vocos IMDCT: torch.real(y * tw) * np.sqrt(N) * np.sqrt(2))
import numpy as np
import torch
tw = torch.randn(16, 2)
@torch.compile(backend="eager")
def f(X):
    B, L, N = X.shape
    Y = torch.cat([X, -1 * torch.conj(torch.flip(X, dims=(-1,)))], dim=-1).to(torch.complex64)
    y = torch.fft.ifft(Y * torch.view_as_complex(tw).expand(Y.shape), dim=-1)
    return torch.real(y) * np.sqrt(N) * np.sqrt(2)
for l in (16, 24):
    print(f(torch.randn(2, l, 8)).shape)
