# copy.copy of a config object in a compiled frame: copy is a module trace_rules skips, so the call breaks the graph
# (GB0007); inside a loop the frame is skipped (from transformers' heterogeneous per-layer configs, NeoMME)
import copy

import torch


class Cfg:
    def __init__(self):
        self.window = 4
        self.scale = 2.0


cfg = Cfg()


@torch.compile(backend="eager")
def f(x):
    y = x * 2
    c = copy.copy(cfg)
    c.window = 8
    return y[:, : c.window] * c.scale


@torch.compile(backend="eager")
def g(x):
    out = x
    for i in range(2):
        c = copy.copy(cfg)
        out = out * c.scale + i
    return out


print(tuple(f(torch.randn(2, 16)).shape))
print(tuple(g(torch.randn(2, 16)).shape))
