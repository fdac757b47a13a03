# f(**kw) of a global dict: DICT_KEYS_MATCH (len(G['kw']) == 1) and its values
import torch
def h(x, a=1.0, b=2.0):
    return x * a + b
kw = {"a": 3.0}
@torch.compile(backend="eager")
def f(x):
    return h(x, **kw)
x = torch.randn(3)
f(x); kw["b"] = 5.0; f(x)
