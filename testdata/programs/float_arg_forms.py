# A Python float argument that changes between calls (PointNet++'s radius, a loss scale): the first call specializes
# it (a guard on its value); a call with another value recompiles it as a dynamic input (torch 2.11 does not
# specialize floats once they vary: a 0-d tensor graph input and item()).
import torch


def f(x, scale):
    return (x * scale).sum() + scale


cf = torch.compile(f, backend="eager")
for s in (1.0, 2.0, 3.0, 2.0):
    print(float(cf(torch.ones(3), s)))
