# numpy values traced inside compiled frames that end the graph or leave it: a Python number out of an ndarray
# (`.item()`, `math.floor(np.log2(n))`: "torch.* op returned non-Tensor"), an ndarray as a slice bound (its
# `__index__` is data dependent: the frame is skipped), `tensor.cpu().numpy()` (a view marked as an ndarray) whose
# arithmetic is wrapped and which the frame hands back to eager code as a numpy array (TimesNet's FFT_for_Period).
import math

import numpy as np
import torch
import torch.nn as nn


class ProbAttn(nn.Module):  # Informer's sampled attention size
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.factor = 1

    def forward(self, q):
        B, L, D = q.shape
        u = self.factor * np.ceil(np.log(L)).astype('int').item()
        u = u if u < L else L
        return self.lin(q)[:, :u, :] * 2


def wavelet_levels(x):  # FEDformer's multiwavelet: levels from the length
    n = x.shape[-1]
    k = math.floor(np.log2(n))
    return x * k


def lookup(X):  # DeepCTR's embedding_lookup
    li = np.array((1, 3))
    y = X[:, li[0]:li[1]].long()
    return y * 2 + y.shape[1]


def fft_period(x, k=2):
    xf = torch.fft.rfft(x, dim=1)
    freq = abs(xf).mean(0).mean(-1)
    freq[0] = 0
    _, top = torch.topk(freq, k)
    top = top.detach().cpu().numpy()
    period = x.shape[1] // top
    return period, abs(xf).mean(-1)[:, top]


m = torch.compile(ProbAttn().eval(), backend="eager")
with torch.no_grad():
    print(m(torch.randn(2, 16, 4)).shape)
    print(m(torch.randn(3, 16, 4)).shape)
print(torch.compile(wavelet_levels, backend="eager")(torch.rand(2, 8)).shape)
f = torch.compile(lookup, backend="eager")
print(f(torch.ones(2, 5)).shape)
print(f(torch.ones(3, 5)).shape)
t = torch.arange(16, dtype=torch.float)
x = (torch.sin(2 * math.pi * 3 * t / 16) + 0.5 * torch.sin(2 * math.pi * 5 * t / 16)).reshape(1, 16, 1).repeat(2, 1, 3)
period, w = torch.compile(fft_period, backend="eager")(x)
print(type(period).__name__, period.dtype, period.tolist(), w.shape)
print(torch.zeros([2, int(period[0]), 3]).shape)
