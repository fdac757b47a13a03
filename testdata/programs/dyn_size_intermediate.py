# The shape of an intermediate tensor read inside an inlined function of a dynamic graph (MambaSimple's
# selective_scan: `(b, l, d_in) = u.shape` of a silu output, b used in torch.zeros((b, ...))).
import torch
def g(u):
    (b, l, d) = u.shape
    return torch.zeros((b, d, 4)) + 1
def f(x):
    y = torch.nn.functional.silu(x)
    return g(y)
cf = torch.compile(f, backend="eager")
print(cf(torch.randn(2, 5, 3)).shape)
print(cf(torch.randn(3, 5, 3)).shape)
