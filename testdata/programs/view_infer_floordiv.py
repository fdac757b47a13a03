# x.view(b, -1, k) of an input whose last size is dynamic: the inferred dim is sympy's FloorDiv of the element count
# by the known sizes, the common factor cancelled (`(s27//4)`), so the sizes read from it stay symbolic (arange of
# it, `n - 1`) and a third length reuses the graph (TimesFM's patching of its input series).
import torch


@torch.compile(backend="eager")
def f(x):
    p = x.view(x.shape[0], -1, 4)
    n = p.shape[1]
    return p.sum(-1) + torch.arange(n), n - 1


for t in (16, 24, 32):
    print(t, f(torch.randn(2, t))[1])
