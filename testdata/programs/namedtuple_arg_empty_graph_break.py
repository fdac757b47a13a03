# A namedtuple argument to a frame that breaks before any op: the fields are guarded at the empty graph
from collections import namedtuple

import torch

M = namedtuple("M", ["mem", "cmem"])


def make(x, m):
    torch._dynamo.graph_break()
    return x * 2, m


cf = torch.compile(make, backend="eager")
for rg in (False, False, True):
    mem = torch.zeros(2, 3, requires_grad=rg)
    print(cf(torch.ones(3), M(mem, torch.zeros(1)))[0].shape)
