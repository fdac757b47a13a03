# A config object whose __getattr__ tries `super().__getattr__(key)` first (object has none: AttributeError, caught):
# inside a compiled frame Dynamo cannot resolve it (GB0113) in a try block, so the frame is skipped; run eagerly, the
# __getattr__ frames are never handed to Dynamo (trace_rules skips a top-level __getattr__), its callees are
import torch


class Config:
    def __init__(self):
        super().__setattr__("dict", {})

    def __setattr__(self, key, value):
        try:
            super().__getattr__(key)
        except AttributeError:
            self.dict[key] = value
        else:
            raise KeyError(f"{key} is reserved")

    def __getattr__(self, key):
        try:
            return super().__getattr__(key)
        except AttributeError:
            return self.dict[key]


config = Config()
config.pad = 3
config.scale = 0.5


def helper(x, pad):
    return x * pad


def f(x):
    y = helper(x, config.pad)
    return y * config.scale


cf = torch.compile(f, backend="eager")
for n in (2, 3, 4):
    print(float(cf(torch.ones(n)).sum()))
