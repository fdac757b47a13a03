# `not` of size comparisons the size ranges decide (a dynamic size is at least 2: `n == 1` is False, `n > 0` True)
# and of one they do not (`n == 6`), as values inside a compiled function
import torch


def f(x):
    big = not (x.shape[0] == 1)
    empty = not (x.shape[0] > 0)
    odd = not (x.shape[0] == 6)
    out = x * 2
    if big:
        out = out + 1
    if empty:
        out = out - 5
    if odd:
        out = out * 3
    return out


cf = torch.compile(f, backend="eager")
for n in (4, 6, 8):
    print(tuple(cf(torch.ones(n, 3)).shape), float(cf(torch.ones(n, 3)).sum()))
