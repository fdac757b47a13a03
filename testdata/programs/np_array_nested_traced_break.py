# np.array of a nested sequence holding traced arrays, in a compiled frame (FoldingNet's plane grid:
# `np.array(list(itertools.product(x, y)))` of two traced linspaces): torch._numpy's array() turns such a sequence into
# lists (_tolist) and as_tensor cannot read fake tensors' data: GB0087 at the call, resumed after it. A flat list of
# arrays is torch.stack'ed and stays in the graph.
import itertools

import numpy as np
import torch


def grid(x):
    a = np.linspace(-1.0, 1.0, 3)
    b = np.linspace(-0.5, 0.5, 2)
    points = np.array(list(itertools.product(a, b)))
    points = np.repeat(points[np.newaxis, ...], repeats=x.shape[0], axis=0)
    return x + torch.tensor(points).float().sum()


def flat(x):
    a = np.linspace(-1.0, 1.0, 4)
    rows = np.array([np.cos(a * i) for i in range(3)])
    return x + torch.tensor(rows).float().sum()


for fn in (grid, flat):
    f = torch.compile(fn, backend="eager")
    for n in (2, 3):
        print(fn.__name__, f(torch.zeros(n, 1)).shape)
