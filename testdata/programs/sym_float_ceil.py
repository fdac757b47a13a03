# Python float arithmetic on a dynamic size (demucs' valid_length): `(length - k) / s` is a SymFloat, math.ceil /
# math.floor / int() / round() of it a SymInt, max(1, n) a sym max; after the first call's recompile the length is a
# symbol and every one of those steps is a node of the dynamic graph. Two functions: the demucs loop as written, and
# the single conversions.
import math

import torch
import torch.nn.functional as F


def valid_length(length, depth=3, k=8, s=4):
    for _ in range(depth):
        length = math.ceil((length - k) / s) + 1
        length = max(1, length)
    for _ in range(depth):
        length = (length - 1) * s + k
    return int(length)


def pad_to_valid(x):
    length = x.shape[-1]
    delta = valid_length(length) - length
    return F.pad(x, (delta // 2, delta - delta // 2)) * 2


def conversions(x):
    n = x.shape[-1]
    a = math.floor(n / 3)
    b = int(n / 4)
    c = round(n / 5)
    d = math.ceil(n * 0.5)
    e = min(n // 2, 7)
    return x.new_zeros(a + b + c + d + e) + 1


cp = torch.compile(pad_to_valid, backend="eager")
cc = torch.compile(conversions, backend="eager")
for L in (600, 700, 650):
    print(tuple(cp(torch.randn(2, 1, L)).shape), tuple(cc(torch.randn(2, L)).shape))
