# SuperGlue's log_optimal_transport: a 0-dim parameter (bin_score) expanded to new dims ending in 1, concatenated
# with the scores inside a compiled function.
import torch

alpha = torch.nn.Parameter(torch.tensor(1.0))
assert alpha.expand(2, 3, 1).shape == (2, 3, 1) and alpha.expand(2, 1).shape == (2, 1)


def f(s, alpha):
    b, m, n = s.shape
    bins0 = alpha.expand(b, m, 1)
    bins1 = alpha.expand(b, 1, n)
    return torch.cat([torch.cat([s, bins0], -1), torch.cat([bins1, alpha.expand(b, 1, 1)], -1)], 1)


print(torch.compile(f, backend="eager")(torch.randn(2, 3, 4), alpha).shape)
