# A compiled f(*args, **kwargs) called with keywords: the frame is f, its tensors reached through L['kwargs']
import torch


def g(x, scale=1.0):
    return x * scale + 1


def f(*args, **kwargs):
    return g(*args, **kwargs).relu()


cf = torch.compile(f, backend="eager")
cf(x=torch.randn(4), scale=2.0)
cf(x=torch.randn(6), scale=2.0)
