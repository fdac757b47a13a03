# numpy.meshgrid / numpy.einsum in eager init code (2-D sin-cos position embedding) feed a parameter that a compiled forward reads (from jepa src/models/utils/pos_embs.py)
import numpy as np
import torch
torch.manual_seed(0)
grid_h = np.arange(4, dtype=float)
grid = np.meshgrid(grid_h, grid_h)
grid = np.stack(grid, axis=0).reshape([2, 1, 4, 4])
omega = 1. / 10000 ** (np.arange(4, dtype=float) / 4.)
out = np.einsum('m,d->md', grid[0].reshape(-1), omega)
pos = torch.nn.Parameter(torch.from_numpy(np.concatenate([np.sin(out), np.cos(out)], axis=1)).float().unsqueeze(0), requires_grad=False)

def fwd(x):
    return x + pos

f = torch.compile(fwd, backend="eager")
print(round(f(torch.zeros(2, 16, 8)).sum().item(), 4))
