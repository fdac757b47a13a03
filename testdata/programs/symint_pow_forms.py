# Powers with a size operand under a dynamic batch: `n ** 2` of a SymInt is a `pow` node (`s77**2`), `2 ** n` one of
# PowByNatural, and a float exponent or base a SymFloat (FloatPow); none is folded to the hint.
import torch


@torch.compile(backend="eager")
def f(x):
    n = x.size(0)
    a = x.new_zeros(n ** 2)
    b = x.new_ones(2 ** n)
    c = x * (n ** 0.5)
    return a.sum() + b.sum() + c.sum() + n ** 3


for n in (2, 3, 4):
    out = f(torch.randn(n, 4))
print(out)
