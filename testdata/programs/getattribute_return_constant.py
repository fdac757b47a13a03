# A compiled function returns a constant it read through a class's __getattribute__ next to a tensor: the returned
# tuple is rebuilt after the graph, the constant loaded from its source
import torch


class Cfg:
    def __init__(self):
        self.name = "cfg"

    def __getattribute__(self, key):
        return super().__getattribute__(key)


def f(x, cfg):
    return x.cos(), cfg.name


cf = torch.compile(f, backend="eager")
cfg = Cfg()
print(cf(torch.randn(4), cfg)[1])
print(cf(torch.randn(5), cfg)[1])
