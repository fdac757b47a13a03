# isinstance against collections.abc's ABCs run eagerly under Dynamo's callback: CPython's _abc_subclasscheck runs
# the ABC's __subclasshook__ (and _check_methods when the hook is the ABC's own) in Python the first time it sees a
# class, each a frame handed to Dynamo once; a negative answer walks the ABC's subclasses' hooks. A pair Dynamo
# already checked while tracing a frame is cached: no frame. (Here the eager code runs in a frame skipped at its GRU.)
import collections.abc

import torch
import torch.nn as nn

torch.manual_seed(0)


class Cfg:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


@torch.compile(backend="eager")
def traced(x, cfg):
    if isinstance(cfg, collections.abc.Hashable):  # (checked while tracing: cached, no frame later)
        x = x + 1
    return x * 2


class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(3, 3)

    def forward(self, x, extra, cfg):
        y, _ = self.rnn(x)
        if isinstance(extra, collections.abc.Iterable):
            y = y * 2
        if isinstance(3, collections.abc.Sequence):
            y = y + 1
        if isinstance(cfg, collections.abc.Sized) and isinstance(cfg, collections.abc.Hashable):
            y = y - 1
        return y


print(traced(torch.ones(2), Cfg(2)).shape)
m = torch.compile(Enc(), backend="eager")
for _ in range(2):
    print(m(torch.randn(2, 1, 3), [1, 2], Cfg(3)).shape)
