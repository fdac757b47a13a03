# math.ceil / int / float of a 0-d tensor in a compiled frame: the input itself and one computed in the frame.
import math

import torch


@torch.compile(backend="eager")
def ceil_input(x, n):
    return x * math.ceil(n / 3)


@torch.compile(backend="eager")
def int_computed(x):
    k = int(x.sum() > 0) + 1
    return x * k


@torch.compile(backend="eager")
def float_input(x, s):
    return x * float(s)


ceil_input(torch.randn(3), torch.tensor(5))
ceil_input(torch.randn(3), torch.tensor(7))
int_computed(torch.randn(3))
float_input(torch.randn(3), torch.tensor(0.5))
