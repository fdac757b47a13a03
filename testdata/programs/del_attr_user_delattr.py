# `del obj.attr` must call a user-defined __delattr__ (dict-backed config object); tparse raises AttributeError instead (from ViT-pytorch models/configs.py via an ml_collections.ConfigDict-like class)
import torch


class ConfigDict(dict):
    def __getattr__(self, k):
        try:
            return self[k]
        except KeyError:
            raise AttributeError(k)

    def __setattr__(self, k, v):
        self[k] = v

    def __delattr__(self, k):
        del self[k]


torch.manual_seed(0)
cfg = ConfigDict()
cfg.patches = ConfigDict({"size": (16, 16)})
del cfg.patches.size
cfg.patches.grid = (2, 2)
print(sorted(cfg.patches.keys()))


@torch.compile(backend="eager")
def f(x):
    return x * cfg.patches.grid[0]


print(f(torch.ones(2)))
