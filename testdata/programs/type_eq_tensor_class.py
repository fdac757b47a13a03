# `type(x) == Tensor` (from torch import Tensor) on a compiled tensor argument (hflayers Hopfield._associate):
# real Dynamo answers True (the variable's python type is torch.Tensor), so the assert passes and one graph is
# traced; tparse evaluated it False and the assert raised AssertionError before any graph.
import torch
from torch import Tensor

@torch.compile(backend="eager")
def f(data):
    assert (type(data) == Tensor) or ((type(data) == tuple) and (len(data) == 3)), "one tensor or three"
    if type(data) == Tensor:
        a, b, c = data, data, data
    else:
        a, b, c = data
    if type(a) is torch.Tensor:
        a = a * 2
    return a + b.sin() + c.cos()

with torch.no_grad():
    for b in (2, 3):
        out = f(torch.randn(b, 4))
        out2 = f((torch.randn(b, 4), torch.randn(b, 4), torch.randn(b, 4)))
print(out.shape, out2.shape)
