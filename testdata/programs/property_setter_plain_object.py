# A property setter of a plain Python object (not a module) stored in a compiled frame, read back after the store;
# and the same on an nn.Module whose setter breaks the graph: which of them torch inlines.
import torch
import torch.nn as nn


class Holder:
    def __init__(self):
        self._v = None

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, value):
        self._v = value * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self._scale = None

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        torch._dynamo.graph_break()
        self._scale = value


h = Holder()


@torch.compile(backend="eager")
def f(x):
    h.v = x + 1
    return h.v * 3


m = M()
cm = torch.compile(m, backend="eager")


def g(x):
    m.scale = x.sum()
    return m.lin(x) * m.scale


f(torch.randn(4))
f(torch.randn(4))
cg = torch.compile(g, backend="eager")
cg(torch.randn(2, 4))
cg(torch.randn(2, 4))
