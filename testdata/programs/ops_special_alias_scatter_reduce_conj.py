# Expected torch 2.11 behaviour (rules: ordinary ATen ops traced into the graph, no break):
# torch.special.expm1 is torch._C._special.special_expm1 (a float elementwise op; H3 / VDM's `-expm1(a - b)`),
# Tensor.scatter_reduce_(dim, index, src, reduce, include_self=...) is a call_method node of its own (landmark
# attention's `scatter_reduce_(..., reduce="amax", include_self=False)`), resolve_conj of a conj view a call_method
# node keeping the complex dtype (H3's kernel built eagerly too).
# One compile, one graph, no break; the printed values are the eager ones.
# (tparse before round 63: "unsupported tensor operation" for each, the result approximate.)
import torch
from torch.special import expm1


def f(x, idx, c):
    out = x.new_zeros((2, 4))
    out.scatter_reduce_(src=x, index=idx, dim=-1, reduce="amax", include_self=False)
    y = -expm1(x - 1.0) + torch.special.log1p(x.abs())
    z = torch.view_as_real(c.conj().resolve_conj())
    return torch.gather(out, -1, idx) + y, z.sum()


torch.manual_seed(0)
x = torch.randn(2, 6)
idx = torch.tensor([[0, 0, 1, 1, 3, 3], [0, 1, 1, 2, 2, 3]])
c = torch.randn(3, dtype=torch.cfloat)
a, b = torch.compile(f, backend="eager")(x, idx, c)
print(round(a.sum().item(), 4), round(b.item(), 4))
