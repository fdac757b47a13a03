# The operator module is C (_operator): Dynamo treats its functions as builtins, traced like the operators they
# name; functools.reduce over a shape (lucidrains' axial embeddings: `reduce(mul, shape[1:], 1)`), itemgetter /
# attrgetter / methodcaller as callables, operator.add on tensors a node like `+`.
import operator
from functools import reduce
from operator import add, attrgetter, itemgetter, methodcaller, mul

import torch


def f(x):
    n = reduce(mul, x.shape[1:], 1)
    y = x.reshape(x.shape[0], n)
    z = operator.add(y, 1)
    a, b = itemgetter(0, 2)(x.shape)
    return z * a + b + operator.truediv(x.shape[1], 2)


class Box:
    def __init__(self):
        self.scale = 3.0


def g(x, box):
    s = attrgetter("scale")(box)
    t = methodcaller("sum", 1)(x)
    u = operator.neg(operator.mul(t, s))
    return operator.getitem(u, 0) + operator.pow(x.mean(), 2), operator.eq(x.shape[0], 2), operator.not_(False)


assert reduce(mul, (2, 3, 4), 1) == 24 and add(2, 3) == 5 and itemgetter(1)([5, 6]) == 6
assert operator.index(7) == 7 and operator.contains([1, 2], 2) and operator.truth(0) is False
torch.compile(f, backend="eager")(torch.randn(2, 3, 4))
torch.compile(g, backend="eager")(torch.randn(2, 5), Box())
