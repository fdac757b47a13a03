# numpy's data-sized functions inside a compiled frame (Real-Time-Voice-Cloning's GE2E similarity matrix:
# `mask = np.where(mask_matrix[j])[0]`): torch._numpy runs aten.nonzero on fake tensors, a dynamic output shape, so the
# call breaks the graph (GB0036); np.unique likewise (aten._unique2). The rest of the frame runs in resume functions.
import numpy as np
import torch


@torch.compile(backend="eager")
def sim(x, n):
    m = 1 - np.eye(n, dtype=int)
    out = torch.zeros(n, n)
    for j in range(n):
        idx = np.where(m[j])[0]
        out[idx, j] = (x[idx] * x[j]).sum(dim=1)
    return out


@torch.compile(backend="eager")
def uniq(x):
    labels = x.numpy().astype(np.int64) % 3
    u = np.unique(labels)
    return torch.from_numpy(u).float() * 2


print(tuple(sim(torch.randn(4, 3), 4).shape))
print(tuple(uniq(torch.arange(7.0)).shape))
