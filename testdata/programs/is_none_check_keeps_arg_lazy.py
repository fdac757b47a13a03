# an `arg is None` check does not realize a lazy tensor argument: placeholders stay in first-use order (x before mask) (from hiera hiera/hiera_mae.py forward_encoder)
import torch
from torch import nn
torch.manual_seed(0)
lin = nn.Linear(4, 4)
def inner(x, mask):
    if isinstance(x, list):
        x = x[0]
    return lin(x) * mask
def f(x, mask=None):
    if mask is None:
        mask = torch.ones(2, 4)
    return inner(x, mask)
print(torch.compile(f, backend="eager")(torch.randn(2, 4), torch.ones(2, 4)).shape)
