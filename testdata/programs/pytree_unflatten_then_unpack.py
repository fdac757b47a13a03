# the output of torch.utils._pytree.tree_unflatten (hyper-connections Residual.forward) unpacked and fed to einops.unpack
# (BS-RoFormer axial loop). Real torch traces pytree and einops into one graph per call; tparse leaves tree_unflatten's
# result unmodelled and then stops at einops.unpack.
import torch
from torch.utils._pytree import tree_flatten, tree_unflatten
from einops import pack, unpack
lin = torch.nn.Linear(4, 4)
def branch(x):
    return lin(x), x.sum(-1)
def residual(x):
    (first, *rest), spec = tree_flatten(branch(x))
    return tree_unflatten((first + x, *rest), spec)
@torch.compile(backend="eager")
def f(x):
    x, ps = pack([x], '* t d')
    x, v = residual(x)
    x, = unpack(x, ps, '* t d')
    return x * 2, v
with torch.no_grad():
    for t in (8, 12):
        print([o.shape for o in f(torch.randn(2, 3, t, 4))])
