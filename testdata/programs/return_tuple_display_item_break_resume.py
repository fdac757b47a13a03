# a tuple display broken in its later item (`return s, int(s.item())`): the items built before are the resume function's ___stack0
import torch

def h(x):
    s = x.sum()
    return s, int(s.item())

def f(x):
    y = x * 2
    a, k = h(y)
    return a, k

cf = torch.compile(f, backend="eager")
for i in range(3):
    print(cf(torch.randn(3))[0].shape)
