# SymFloat arithmetic under a dynamic batch: a SymInt times a float, math.ceil / floor of a division, a float
# power, a tensor scaled by a SymFloat, and int() of a product with a float (mlp_ratio style).
import math

import torch


def f(x):
    b = x.shape[0]
    h = int(b * 0.5 + 1)
    c = math.ceil(b / 2)
    d = math.floor(b / 2)
    s = (b * 1.0) ** 0.5
    y = x * (b / 4)
    z = y.reshape(b, -1)[:, : h + c + d]
    return z * s


cf = torch.compile(f, backend="eager")
cf(torch.randn(2, 8))
cf(torch.randn(3, 8))
cf(torch.randn(5, 8))
