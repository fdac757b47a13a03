# Pins: the common `dotdict` pattern: a dict subclass whose __getattr__/__setattr__/__delattr__ are the unbound
# dict.get / dict.__setitem__ / dict.__delitem__ (stripedhyena, many configs). tparse stops at class creation
# ("'object' object has no attribute '__setitem__'"). Expect: 1 graph, cfg.scale read as a constant 3.0.
import torch


class dotdict(dict):
    __getattr__ = dict.get
    __setattr__ = dict.__setitem__
    __delattr__ = dict.__delitem__


cfg = dotdict(scale=2.0)
cfg.scale = 3.0          # dict.__setitem__(cfg, "scale", 3.0)
cfg.tmp = 1
del cfg.tmp              # dict.__delitem__(cfg, "tmp")
f = torch.compile(lambda x: x * cfg.scale + (cfg.missing or 0), backend="eager")
print(f(torch.ones(3)), dict(cfg))
