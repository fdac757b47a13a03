# an eager bool mask made by zeros + slice assignment (m[:, :12] = True) keeps known values: x[~mask] selects the 4 False columns per row (torch: 8 rows, graph break on nonzero); tparse loses the values at the slice assignment (from MCG-NJU/VideoMAE modeling_pretrain.py)
import torch

torch.manual_seed(0)
mask = torch.zeros(2, 16, dtype=torch.bool)
mask[:, :12] = True


@torch.compile(backend="eager")
def f(x, mask):
    B, _, C = x.shape
    vis = x[~mask].reshape(B, -1, C)
    return vis * 2


print(f(torch.randn(2, 16, 4), mask).shape)
