# time.perf_counter() is a skipped C function: graph break.
import time
import torch


def f(x):
    y = x.tanh()
    t0 = time.perf_counter()
    return y * 2


cf = torch.compile(f, backend="eager")
cf(torch.randn(4, 4))
