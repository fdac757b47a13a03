# A compiled frame whose graph holds traced numpy calls (int(np.sqrt(N)) on a static int) is reused from the cache on a second call with the same input: no new frames (from T2T-ViT models/t2t_vit.py T2T_module.forward)
import numpy as np
import torch
import torch.nn as nn

torch.manual_seed(0)
lin = nn.Linear(8, 8)


def fwd(x):
    B, N, C = x.shape
    x = lin(x).transpose(1, 2).reshape(B, C, int(np.sqrt(N)), int(np.sqrt(N)))
    return x.sum()


f = torch.compile(fwd, backend="eager")
for i in range(3):
    print(i, f(torch.randn(2, 16, 8)).shape)
