# a boolean-mask index whose mask is a known input passed through repeat/tile/~ keeps its data: the resumed frame gets the real count (from hiera hiera/hiera.py:418, hiera_mae.py:290)
import torch
torch.manual_seed(0)
def f(x, mask):
    y = x * 2
    keep = y[mask[..., None].tile(1, 1, x.shape[2])].view(x.shape[0], -1, x.shape[2])
    drop = y[~mask]
    rep = y[mask.unsqueeze(-1).repeat(1, 1, x.shape[2])]
    return keep.sum(1) + 1, drop.shape, rep.shape
g = torch.compile(f, backend="eager")
mask = torch.tensor([[1, 0, 0, 0], [0, 1, 0, 0]]).bool()
k, d, r = g(torch.randn(2, 4, 3), mask)
print(k.shape, d, r)
