# Pins: Tensor.repeat_interleave with an int count on a dynamic size (sequence models that repeat tokens or KV heads:
# `k.repeat_interleave(n_rep, dim=1)`), and `.to(bool)` / `.to(float)` / `.to(int)` with Python's types as dtypes.
# tparse gave the repeated size as the first call's number on the dynamic graph.
import torch


@torch.compile(backend="eager")
def f(x):
    y = x.repeat_interleave(3, dim=1)
    z = x.repeat_interleave(2)
    return y.sum(1).to(float), z, (y > 0).to(int), (x > 0).to(bool)


for n in (2, 3, 4):
    y, z, i, b = f(torch.randn(2, n))
    print(y.dtype, z.shape, i.dtype, i.shape, b.dtype)
