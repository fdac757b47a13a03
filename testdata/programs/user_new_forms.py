# Classes with their own __new__ (DeepCTR-Torch's feature columns: a namedtuple subclass whose __new__ fills in
# defaults through super().__new__; a plain class building itself in __new__), read inside a compiled frame.
from collections import namedtuple

import torch


class Feat(namedtuple("Feat", ["name", "dim", "dtype"])):
    __slots__ = ()

    def __new__(cls, name, dim=4, dtype="float32"):
        return super(Feat, cls).__new__(cls, name, dim * 2, dtype)


class A:
    def __new__(cls, v):
        self = object.__new__(cls)
        self.v = v
        return self


f = Feat("a")
a = A(3)


@torch.compile(backend="eager")
def g(x):
    return x * f.dim + a.v


print(g(torch.ones(3)))
