# A module-level config object's attribute read inside a compiled function: Dynamo guards the value
# (G['cfg'].scale), so changing it recompiles; a method of the object reads it too
import torch


class Config:
    def __init__(self):
        self.scale = 2
        self.use_bias = True

    def factor(self):
        return self.scale + 1


cfg = Config()


@torch.compile(backend="eager")
def f(x):
    y = x * cfg.scale
    if cfg.use_bias:
        y = y + 1
    return y * cfg.factor()


f(torch.randn(4))
f(torch.randn(4))
cfg.scale = 3
f(torch.randn(4))
cfg.use_bias = False
f(torch.randn(4))
