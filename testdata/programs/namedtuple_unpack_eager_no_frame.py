# A namedtuple unpacked, indexed and measured eagerly under the callback: tuple's C slots, no frame of their own
# (the namedtuple's __new__ is CPython's `<lambda>` at <string>:1, a frame)
from collections import namedtuple

import torch

P = namedtuple("P", ["a", "b"])


def h(p):
    print("h")               # a break inside the inlined call: h then runs eagerly (no tensor: its frame is skipped)
    a, b = p
    return a + b + p[0] + len(p)


def f(x):
    return x * h(P(1, 2))


cf = torch.compile(f, backend="eager")
for _ in range(2):
    print(cf(torch.ones(2)))
