# Purpose: a numpy scalar module attribute (`self.d = np.prod(shape)`, an np.int64) in arithmetic with a numpy
# call on constants (`-0.5 * self.d * np.log(2 * np.pi)`), normflows' DiagGaussian.log_prob. tparse makes `self.d`
# a 0-d tensor graph input with wrapped numpy ops (4 extra ops); check torch 2.11's graph and op count.
import numpy as np
import torch
from torch import nn


class DiagGaussian(nn.Module):
    def __init__(self, shape):
        super().__init__()
        self.shape = (shape,)
        self.d = np.prod(self.shape)
        self.loc = nn.Parameter(torch.zeros(1, shape))
        self.log_scale = nn.Parameter(torch.zeros(1, shape))

    def forward(self, z):
        return -0.5 * self.d * np.log(2 * np.pi) - torch.sum(
            self.log_scale + 0.5 * torch.pow((z - self.loc) / torch.exp(self.log_scale), 2), [1])


m = DiagGaussian(3)
f = torch.compile(m, backend="eager")
for bs in (4, 6):
    out = f(torch.randn(bs, 3))
    print(bs, tuple(out.shape), out.dtype, round(out.sum().item(), 3))
