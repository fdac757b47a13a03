# dict(d) and update() in a frame: d's keys guarded in order
import torch
base = {"a": 1.0}
@torch.compile(backend="eager")
def f(x):
    d = dict(base)
    d.update({"c": 2.0})
    return x * d["a"] * d["c"]
x = torch.randn(3)
f(x); base["z"] = 0.0; f(x)
