# consistency_models / guided-diffusion AttentionBlock: `b, _, *spatial = x.shape` then
# `.view(b, -1, np.prod(spatial))`; second call changes the spatial size (automatic dynamic shapes).
import numpy as np
import torch


def attn(x, w):
    b, _, *spatial = x.shape
    qkv = (w @ x.reshape(b, x.shape[1], -1)).view(b, -1, np.prod(spatial))
    return qkv.softmax(-1).view(b, -1, *spatial)


f = torch.compile(attn, backend="eager")
w = torch.randn(6, 2)
f(torch.randn(2, 2, 4, 4), w)
f(torch.randn(2, 2, 6, 6), w)
f(torch.randn(2, 2, 8, 8), w)
