# functools.partial is C code: a partial called at a break hands Dynamo the wrapped function's frame only
from functools import partial

import torch


def scaled(x, k=1.0):
    print("scaled")          # a break inside the inlined call: the partial is then called eagerly
    return x * k


def f(x):
    fn = partial(scaled, k=2.0)
    return fn(x) + 1


cf = torch.compile(f, backend="eager")
for _ in range(2):
    print(cf(torch.ones(2)))
