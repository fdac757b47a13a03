# torch.fft.rfft(x, n=2*L) with L = x.size(-1) dynamic after a recompile: output size is symbolic (s+1), not the first call's concrete 31 (from state-spaces/s4 models/s4/s4d.py)
import torch


def f(u):
    L = u.size(-1)
    u_f = torch.fft.rfft(u, n=2 * L)
    return torch.fft.irfft(u_f * u_f, n=2 * L)[..., :L]


torch.manual_seed(0)
g = torch.compile(f, backend="eager")
print(g(torch.randn(2, 4, 20)).shape)
print(g(torch.randn(2, 4, 30)).shape)
