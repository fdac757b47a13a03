# With a dynamic size, Dynamo's view still follows torch._refs._reshape_view_helper: a size-1 dim (or any dim of equal length) keeps its stride, as in the static case (from somepago/saint models/model.py einsum attention)
import torch
def f(q, k):
    # einsum's final view drops the summed dim; b (size 1) keeps stride s (i's), not 2*s*s
    return torch.einsum('b h i d, b h j d -> b h i j', q, k) * 0.125
g = torch.compile(f, backend="eager")
for n in (4, 6):   # the second call recompiles with n dynamic
    q = torch.randn(1, 2, n, 8); k = torch.randn(1, 2, n, 8)
    print(g(q, k).stride())
