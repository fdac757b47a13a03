# Output records (dataclasses, as transformers' ModelOutputs) built in and around compiled frames: a frame that only
# builds one from its tensor argument; a module whose forward breaks the graph before its record is built (the record's
# generated __init__ runs under the callback); a record built eagerly by a function Dynamo skips. Each is called with
# three sizes: which frames are handed to Dynamo, which recompile on the stored tensor's size.
import torch
import torch.nn as nn
from dataclasses import dataclass


@dataclass
class Rec:
    a: torch.Tensor = None
    b: int = 0


@dataclass
class Out:
    last: torch.Tensor = None
    hidden: tuple = None
    extra: torch.Tensor = None


@dataclass
class Checked:
    # as transformers' ModelOutput.__post_init__: every field tested against None (a tensor field is realized)
    first: torch.Tensor = None
    second: torch.Tensor = None

    def __post_init__(self):
        self.count = sum(1 for name in ("first", "second") if getattr(self, name) is not None)


def build(x):
    return Rec(x, 3)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        h = self.lin(x)
        torch._dynamo.graph_break()
        h = h * 2
        return Out(last=h, hidden=(x, h))


def checked(t):
    return Checked(t)


def pack(n, t):
    return Out(last=t, extra=None) if n > 0 else None


g = torch.compile(build, backend="eager")
for n in (2, 3, 4):
    print(g(torch.randn(n)).a.shape)
m = torch.compile(Net(), backend="eager")
for n in (2, 3, 4):
    print(m(torch.randn(n, 4)).last.shape)
c = torch.compile(checked, backend="eager")
for n in (2, 3, 4):
    print(c(torch.randn(n)).count)
p = torch.compile(pack, backend="eager")
for n in (2, 3, 4):
    print(p(n, torch.randn(n)).last.shape)
