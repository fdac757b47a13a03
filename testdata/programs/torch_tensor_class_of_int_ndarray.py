# Expected torch 2.11 behaviour (rules: torch.Tensor, the class itself, called on a tensor in a frame aliases it
# whatever its dtype (fake legacy constructor; PSMNet's `torch.Tensor(wrapped_reshape)` of int64 was "i64[...]"), and
# the ndarrays of a tuple a break's call returns are tensor inputs of the resume each (`___from_numpy(
# L['___stack0'][1])`); a compiled frame's ndarray result is an ndarray eagerly, and torch.Tensor converts it to
# float32 with no TypeError (TAGNN's forward after its skipped get_slice).
# make() breaks (graph_break), so f's resume takes (list, int64 ndarray, float64 ndarray) as ___stack0 and builds
# `torch.Tensor(mask).long()` and `torch.Tensor(a) * 2`: 2 compiles (f, its resume), 2 graphs (one before the break,
# the resume's); the resume also returns the float64 array + 1 (an ndarray output). Eagerly torch.Tensor(r) of that
# result is float32, prints its sum.
# (tparse before round 63: the resume's int64 ndarray met torch.Tensor's dtype check, a TorchRuntimeError; the eager
# constructor raised TypeError on the frame's ndarray result.)
import numpy as np
import torch


def make(n):
    torch._dynamo.graph_break()
    return [1, 2], np.arange(n, dtype=np.int64), np.ones((n, 2))


def f(x, n):
    y = x * 2
    items, mask, a = make(n)
    m = torch.Tensor(mask).long()
    return y + m.sum() + torch.Tensor(a).sum() + len(items), a + 1


out, r = torch.compile(f, backend="eager")(torch.ones(3), 4)
print(out.tolist(), type(r).__name__, r.dtype, torch.Tensor(r).sum().item())
