# A compiled function stores a value read through a Python __getattribute__ into a dict argument: after the graph the
# store is replayed from the value's source, and the two classes' __getattribute__ (child, then base through super())
# run as frames of their own
import torch


class Base:
    def __getattribute__(self, key):
        return super().__getattribute__(key)


class Cfg(Base):
    def __init__(self):
        self.scale = 2
        self.mode = "fast"

    def __getattribute__(self, key):
        if key == "speed":
            key = "mode"
        return super().__getattribute__(key)


def f(x, cfg, opts):
    opts["mode"] = cfg.speed
    return x * cfg.scale


cf = torch.compile(f, backend="eager")
cfg = Cfg()
opts = {}
out = cf(torch.randn(4), cfg, opts)
assert opts["mode"] == "fast"
out = cf(torch.randn(5), cfg, opts)
out = cf(torch.randn(6), cfg, {})
