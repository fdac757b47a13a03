# a dict argument iterated: reordered keys recompile
import torch
@torch.compile(backend="eager")
def f(x, d):
    y = x
    for k, v in d.items():
        y = y + v
    return y
x = torch.randn(3)
f(x, {"a": torch.ones(3)}); f(x, {"a": torch.ones(3), "b": torch.ones(3)}); f(x, {"b": torch.ones(3), "a": torch.ones(3)})
