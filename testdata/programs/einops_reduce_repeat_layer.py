# einops.layers.torch.Reduce with reduction='repeat' ('b ... -> (b s) ...', a new axis on the right) and the matching
# 'sum' reduce back (hyper-connections expand/reduce streams, used by BS-RoFormer)
import torch
from einops.layers.torch import Reduce
expand = Reduce(pattern='b ... -> (b s) ...', reduction='repeat', s=2)
reduce_ = Reduce(pattern='(b s) ... -> b ...', reduction='sum', s=2)
@torch.compile(backend="eager")
def f(x):
    return reduce_(expand(x).sin())
for t in (8, 12):
    print(f(torch.randn(2, t, 4)).shape)
