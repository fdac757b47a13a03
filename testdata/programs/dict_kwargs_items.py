# **kwargs iterated in a frame: the dict's keys guarded in order (len(kw) != 1, then list(dict.keys(kw))[0] == 'a')
import torch
@torch.compile(backend="eager")
def f(x, **kw):
    for k, v in kw.items():
        x = x * v
    return x
x = torch.randn(3)
f(x, a=2.0); f(x, a=2.0, b=3.0); f(x, b=2.0, a=3.0)
