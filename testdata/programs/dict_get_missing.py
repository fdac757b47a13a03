# dict.get of a missing key: DICT_CONTAINS (not ___dict_contains('bias', G['opts']))
import torch
opts = {"scale": 2.0}
@torch.compile(backend="eager")
def f(x):
    s = opts.get("scale", 1.0)
    b = opts.get("bias", 0.0)
    return x * s + b
x = torch.randn(3)
f(x); opts["bias"] = 1.0; f(x); opts["other"] = 5; f(x)
