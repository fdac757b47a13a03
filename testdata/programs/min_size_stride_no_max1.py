# contiguous strides of a size Min(32, s) are printed Min(32, s), not Max(1, Min(32, s)) (sizes are >= 2) (from state-spaces/s4 models/s4/s4.py log_vandermonde_naive)
import torch


def f(x, w):
    L = min(32, x.size(-1))
    k = w.unsqueeze(-1) * torch.arange(L)
    return torch.exp(k).sum(0) + x[..., :L]


torch.manual_seed(0)
g = torch.compile(f, backend="eager")
w = torch.randn(4)
print(g(torch.randn(2, 40), w).shape)
print(g(torch.randn(2, 24), w).shape)
