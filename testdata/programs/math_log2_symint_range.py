# A parallel scan pads its sequence to the next power of two and halves it log2 times (mamba.py's pscan:
# `2 ** math.ceil(math.log2(L))`, `int(math.log2(T))`): once the length is dynamic these are SymInt nodes
# (torch._sym_log2, math_ceil, `2 ** ceil`, torch.sym_int) and range() guards the expression, not the length.
import math
import torch


def npo2(n):
    return 2 ** math.ceil(math.log2(n))


@torch.compile(backend="eager")
def f(x):
    L = x.size(1)
    y = torch.nn.functional.pad(x, (0, 0, 0, npo2(L) - L))
    T = y.size(1)
    steps = int(math.log2(T))
    for k in range(steps - 2):
        T = T // 2
        y = y.view(2, T, 2, -1)[:, :, 1] * 2 ** k
    return y.sum(1) + 2 ** (steps - 2)


with torch.no_grad():
    for L in (8, 12, 16, 20):
        out = f(torch.randn(2, L, 4))
print(out.shape)
