# Informer's ProbAttention: `factor * np.ceil(np.log(L)).astype('int').item()` on a shape int L; numpy ops on a
# Python int, then .item(), first with a static and then with an automatic-dynamic length
import numpy as np
import torch


@torch.compile(backend="eager")
def f(x):
    L = x.shape[1]
    u = 2 * np.ceil(np.log(L)).astype('int').item()
    u = u if u < L else L
    return x.topk(u, dim=-1)[0].sum(-1) + 1


f(torch.randn(2, 16, 16))
f(torch.randn(2, 24, 24))
