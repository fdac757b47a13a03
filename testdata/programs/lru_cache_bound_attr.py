# audiocraft's CodebooksPatternProvider: `self.get_pattern = lru_cache(100)(self.get_pattern)` in __init__, and the
# Pattern it returns caches its index builder the same way; the compiled caller builds index tensors from it.
from functools import lru_cache

import torch


class Pattern:
    def __init__(self, layout):
        self.layout = layout
        self._indexes = lru_cache(100)(self._indexes)

    def _indexes(self, steps):
        idx = [[t * 2 + q for q in range(2)] for t in range(steps)]
        return torch.tensor(idx, dtype=torch.long)


class Provider:
    def __init__(self):
        self.get_pattern = lru_cache(100)(self.get_pattern)

    def get_pattern(self, timesteps):
        return Pattern([[t] for t in range(timesteps)])


prov = Provider()


def build(z):
    pattern = prov.get_pattern(z.shape[-1])
    idx = pattern._indexes(z.shape[-1])
    return z.reshape(-1)[idx.reshape(-1)[: z.numel()]].view_as(z)


f = torch.compile(build, backend="eager")
f(torch.randn(2, 6))
f(torch.randn(2, 9))
