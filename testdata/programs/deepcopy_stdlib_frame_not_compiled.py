# copy.deepcopy breaks the graph (gb0179); the frames of the stdlib copy module it then runs are skipped by Dynamo (trace_rules BUILTIN_SKIPLIST has copy), no frame "deepcopy" is compiled (from transformers cache_utils.py:1809 EncoderDecoderCache.__init__)
import copy
import torch

torch.manual_seed(0)


class Cfg:
    def __init__(self):
        self.n = 2
        self.name = "x"


class Cache:
    def __init__(self, cfg):
        self.cfg = copy.deepcopy(cfg)
        self.k = []


def fn(x, cfg):
    y = x * 2
    c = Cache(cfg)
    return y + c.cfg.n


f = torch.compile(fn, backend="eager")
cfg = Cfg()
print(f(torch.randn(2, 3), cfg).sum())
print(f(torch.randn(3, 3), cfg).sum())
