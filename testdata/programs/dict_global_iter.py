# a global dict iterated in a frame: a key added between calls recompiles (len(G['cfg']) != 1)
import torch
cfg = {"a": torch.ones(3)}
@torch.compile(backend="eager")
def g(x):
    for k in cfg:
        x = x + cfg[k]
    return x
x = torch.randn(3)
g(x); cfg["b"] = torch.ones(3); g(x)
