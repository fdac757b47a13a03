# SymInts / SymFloats (sizes of a dynamic input) handed to torch._numpy in a compiled frame: which conversions guard
# their value (a float tensor made from them, an ArrayLike parameter) and which keep them symbolic (a binary ufunc's
# weak scalar next to an integer array). One function per form, each called on three widths (the second recompiles
# with the width dynamic, the third shows whether a guard pinned it).
import numpy as np
import torch


def ceil_int(x):
    return x * float(np.ceil(x.shape[1]))


def clip_int(x):
    return x * float(np.clip(x.shape[1], 0, 100))


def sub_float_array(x):
    return x * float(np.array(3.0) - x.shape[1])


def sub_int_array(x):
    return x * int(np.array(3) - x.shape[1])


def mul_int_vector(x):
    return x * int((np.array([1, 2]) * x.shape[1]).sum())


def clip_symfloat(x):
    return x * float(np.clip(x.shape[1] / 7, 0.0, 10.0))


def mul_symfloat(x):
    return x * float(np.array(2.0) * (x.shape[1] / 7))


def maximum_int(x):
    return x * int(np.maximum(x.shape[1], 3))


def prod_sizes(x):
    return x * int(np.prod(x.shape))


for fn in (ceil_int, clip_int, sub_float_array, sub_int_array, mul_int_vector, clip_symfloat, mul_symfloat,
           maximum_int, prod_sizes):
    f = torch.compile(fn, backend="eager")
    for w in (8, 10, 12):
        print(fn.__name__, w, round(float(f(torch.ones(2, w)).sum()), 3))
