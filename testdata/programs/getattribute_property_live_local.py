# A property read through a class's __getattribute__ (super().__getattribute__: Dynamo's GenericAttrSource) stays live
# across a graph break: the compiled code loads it again from its source, running __getattribute__ and the property
import torch


class Cfg:
    def __init__(self):
        self._scale = 3

    @property
    def scale(self):
        return self._scale

    def __getattribute__(self, key):
        return super().__getattribute__(key)


def f(x, cfg):
    s = cfg.scale
    y = x.sin()
    torch._dynamo.graph_break()
    return y * s


cf = torch.compile(f, backend="eager")
cfg = Cfg()
cf(torch.randn(4), cfg)
cf(torch.randn(4), cfg)
