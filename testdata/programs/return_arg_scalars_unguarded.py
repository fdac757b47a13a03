# a frame's int and float arguments only returned (`return x * 2, n, r`): lazy, rebuilt from their source, no guard, one compile
import torch

def f(x, n, r):
    return x * 2, n, r

cf = torch.compile(f, backend="eager")
for n, r in ((1, 0.5), (2, 0.25), (3, 0.125)):
    print(cf(torch.ones(2), n, r)[1:])
