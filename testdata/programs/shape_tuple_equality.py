# A dynamic tensor's shape compared with tuples and lists in a compiled function: equal, unequal in the first
# or a later dimension, a list of the sizes against a list, and a Size against a Size of another input
import torch


def f(x, y):
    out = x * 2
    if x.shape == (2, 8):
        out = out + 1
    if x.shape != (2, 6):
        out = out - 1
    if list(x.shape) == [2, x.shape[1]]:
        out = out * 3
    if x.shape == y.shape:
        out = out + y
    return out


cf = torch.compile(f, backend="eager")
for n, m in ((6, 6), (8, 8), (10, 12), (12, 12)):
    r = cf(torch.ones(2, n), torch.ones(2, m))
    print(tuple(r.shape), float(r.sum()))
