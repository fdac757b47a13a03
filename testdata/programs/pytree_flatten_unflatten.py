# torch.utils._pytree.tree_flatten / tree_unflatten of a (tensor, tensor) branch output inside a compiled frame
# (hyper-connections Residual / mHC depth_connection)
import torch
from torch.utils._pytree import tree_flatten, tree_unflatten
lin = torch.nn.Linear(4, 4)
def branch(x):
    return lin(x), x.sum(-1)
@torch.compile(backend="eager")
def f(x):
    out = branch(x)
    (first, *rest), spec = tree_flatten(out)
    first = first + x
    return tree_unflatten((first, *rest), spec)
with torch.no_grad():
    for t in (8, 12):
        print([o.shape for o in f(torch.randn(2, t, 4))])
