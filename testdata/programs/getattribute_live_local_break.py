# A constant read through a class's __getattribute__ stays live across a graph break: the resume function gets it
# back (from its source, or as a constant)
import torch


class Cfg:
    def __init__(self):
        self.flag = True
        self.k = 3

    def __getattribute__(self, key):
        return object.__getattribute__(self, key)


def f(x, cfg):
    flag = cfg.flag
    k = cfg.k
    y = x + 1
    torch._dynamo.graph_break()
    if flag:
        y = y * k
    return y


cf = torch.compile(f, backend="eager")
cfg = Cfg()
cf(torch.randn(4), cfg)
cf(torch.randn(4), cfg)
