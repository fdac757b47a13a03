# `.item()` on a traced numpy result (np.argmin of an ndarray): torch breaks with "Data dependent operator" (aten._local_scalar_dense), ours with "torch.* op returned non-Tensor ... <Wrapped method <original item>>" (from VAR models/quant.py PhiPartiallyShared.__getitem__)
import numpy as np
import torch
torch.manual_seed(0)
ticks = np.linspace(1 / 8, 7 / 8, 4)
acts = [torch.tanh, torch.relu, torch.sigmoid, torch.neg]

def f(x):
    i = np.argmin(np.abs(ticks - 0.5)).item()
    return acts[i](x) + 1

g = torch.compile(f, backend="eager")
print(g(torch.randn(3)))
