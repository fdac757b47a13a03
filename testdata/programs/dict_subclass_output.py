# Python objects model libraries build around a compiled forward: a frozen config that is a dict subclass with
# its keys set as attributes and a __getattr__ (diffusers' FrozenDict / ConfigMixin), and an output record that
# is a @dataclass deriving OrderedDict (diffusers' BaseOutput), built and read inside the compiled frame.
from collections import OrderedDict
from dataclasses import dataclass

import torch


class FrozenDict(OrderedDict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for key, value in self.items():
            setattr(self, key, value)


class Config(dict):
    def __getattr__(self, name):
        if name in self:
            return self[name]
        raise AttributeError(name)


@dataclass
class Output(OrderedDict):
    sample: torch.Tensor
    scale: float = 1.0


CFG = FrozenDict(layers=2, center=True)
EXTRA = Config(shift=0.5)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = torch.nn.ModuleList([torch.nn.Linear(8, 8) for _ in range(CFG.layers)])

    def forward(self, x):
        if CFG.center:
            x = x - x.mean(dim=-1, keepdim=True)
        for b in self.blocks:
            x = b(x) + EXTRA.shift
        out = Output(sample=x, scale=2.0)
        return out.sample * out.scale


m = Net()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 8))
    cm(torch.randn(3, 8))
