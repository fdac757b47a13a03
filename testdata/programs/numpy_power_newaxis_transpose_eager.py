# eager numpy that builds basis tables must be modelled: np.power(ndarray, k), ndarray[None, :] / [:, None], np.transpose(2-D) (from ElementAI/N-BEATS models/nbeats.py TrendBasis/SeasonalityBasis)
import numpy as np
import torch
torch.manual_seed(0)
n, p = 6, 3
trend = np.concatenate([np.power(np.arange(n, dtype=np.float32) / n, i)[None, :] for i in range(p)])   # (p, n)
freq = np.append(np.zeros(1, dtype=np.float32), np.arange(1, p, dtype=np.float32))[None, :]           # (1, p)
grid = 2 * np.pi * (np.arange(n, dtype=np.float32)[:, None] / n) * freq                               # (n, p)
cos_t = np.transpose(np.cos(grid))                                                                    # (p, n)
T = torch.nn.Parameter(torch.tensor(trend, dtype=torch.float32), requires_grad=False)
C = torch.nn.Parameter(torch.tensor(cos_t, dtype=torch.float32), requires_grad=False)
print(tuple(T.shape), tuple(C.shape))

def f(theta):
    return torch.einsum('bp,pt->bt', theta, T) + torch.einsum('bp,pt->bt', theta, C)

g = torch.compile(f, backend="eager")
print(tuple(g(torch.randn(2, p)).shape))
