# FNO get_grid: torch.tensor(np.linspace(0, 1, size_x), dtype=torch.float) from an input size, reshaped and
# repeated by the batch; size 16, then 24 (the second call makes size_x dynamic). Candidate: how the numpy call
# on a SymInt is traced (torch._numpy linspace in the graph vs a constant) after the recompile.
import numpy as np
import torch

@torch.compile(backend="eager")
def f(x):
    batchsize, size_x = x.shape[0], x.shape[1]
    gridx = torch.tensor(np.linspace(0, 1, size_x), dtype=torch.float)
    gridx = gridx.reshape(1, size_x, 1).repeat([batchsize, 1, 1])
    return torch.cat((x, gridx.to(x.device)), dim=-1)

with torch.no_grad():
    for s in (16, 24):
        out = f(torch.randn(2, s, 1))
print(out.shape)
