# The argument of a breaking call (print) is read through a class's __getattribute__: the call's arguments are
# rebuilt for the eager call after the graph
import torch


class Cfg:
    def __init__(self):
        self.name = "cfg"
        self.n = 2

    def __getattribute__(self, key):
        return super().__getattribute__(key)


def f(x, cfg):
    y = x.sin() * cfg.n
    print(cfg.name)
    return y.cos()


cf = torch.compile(f, backend="eager")
cfg = Cfg()
cf(torch.randn(3), cfg)
cf(torch.randn(3), cfg)
