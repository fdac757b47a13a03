# typing.NamedTuple's class form as a frame's input and output (mamba2-minimal's InferenceCache)
from typing import NamedTuple
import torch
from torch import Tensor

class Cache(NamedTuple):
    conv_state: Tensor
    ssm_state: Tensor

    @staticmethod
    def alloc(b):
        return Cache(torch.zeros(b, 8, 4), torch.zeros(b, 2, 4, 3))

class Point(NamedTuple):
    x: int
    y: int = 3

lin = torch.nn.Linear(8, 8)

def step(u, h):
    h.conv_state.copy_(torch.roll(h.conv_state, shifts=-1, dims=-1))
    h.conv_state[:, :, -1] = u
    y = lin(h.conv_state.sum(-1)) + h.ssm_state.sum()
    return y, Cache(h.conv_state, h.ssm_state * 0.5)

cstep = torch.compile(step)
hs = [Cache.alloc(2)]
for i in range(3):
    out, hs[0] = cstep(torch.randn(2, 8), hs[0])
p = Point(1)
print(out.shape, hs[0].ssm_state.shape, p.y, p[0], len(p), Point._fields)
