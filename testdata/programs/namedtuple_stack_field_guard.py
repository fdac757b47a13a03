# A namedtuple inside a tuple handed to a resume function: its tensor fields are inputs of their own attribute
# sources (`L['___stack0'][1].mem`), so a field that starts to require grad recompiles the resume function
from collections import namedtuple

import torch

M = namedtuple("M", ["mem", "cmem"])


def make(x, m):
    torch._dynamo.graph_break()
    return x * 2, m, x.sum()


def f(x, m):
    out = make(x, m)
    return out[0] + out[1].mem.sum() + out[2]


cf = torch.compile(f, backend="eager")
for rg in (False, False, True):
    mem = torch.zeros(2, 3, requires_grad=rg)
    print(cf(torch.ones(3), M(mem, torch.zeros(1))).shape)
