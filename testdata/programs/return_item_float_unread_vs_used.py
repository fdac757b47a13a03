# a resume returning the item() float from its stack unread (no guard) beside one that computes with it
import torch

def f(x):
    l = (x * 2).sum()
    m = l.item()
    return l, m

def g(x):
    l = (x * 2).sum()
    m = l.item()
    return l, m + 1

cf, cg = torch.compile(f, backend="eager"), torch.compile(g, backend="eager")
for i in range(3):
    x = torch.randn(4)
    print(cf(x)[0].shape, cg(x)[0].shape)
