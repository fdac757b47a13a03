# bool() of a float argument once it went dynamic (automatic dynamic after a change: a 0-d float64 input and its
# item()): a SymBool `item != 0` the frame returns, no guard on its value; `if p:` on it instead specializes.
import torch


def f(x, p):
    return x * 2, bool(p)


def g(x, p):
    if p:
        return x + 1
    return x - 1


cf = torch.compile(f, backend="eager")
cg = torch.compile(g, backend="eager")
x = torch.randn(3)
for p in (0.0, 1.0, 0.0, 2.5):
    y, b = cf(x, p)
    print(p, b, round(cg(x, p).sum().item(), 3))
