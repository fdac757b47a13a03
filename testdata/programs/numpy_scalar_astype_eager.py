# Eager numpy on a Python int returns a numpy scalar with .astype(): np.ceil(np.log(48)).astype('int').item() == 4 (from Informer2020 models/attn.py ProbAttention, run eagerly in skipped frames)
import numpy as np
import torch
torch.manual_seed(0)
u = 5 * np.ceil(np.log(48)).astype('int').item()   # 20


def f(x):
    return x[:, :u] * 2


g = torch.compile(f, backend="eager")
print(u, g(torch.randn(2, 48)).shape)
