# A property of a plain class (no __getattribute__) read into a local that stays live across a graph break: Dynamo
# inlines the getter, the local's source is the attribute the getter read (no frame for the property)
import torch


class Cfg:
    def __init__(self):
        self._scale = 3

    @property
    def scale(self):
        return self._scale


def f(x, cfg):
    s = cfg.scale
    y = x.sin()
    torch._dynamo.graph_break()
    return y * s


cf = torch.compile(f, backend="eager")
cfg = Cfg()
cf(torch.randn(4), cfg)
cf(torch.randn(4), cfg)
