# try/except inside a compiled function: a ValueError raised by a helper and caught steers
# control flow (no graph break); a try/finally runs its cleanup; the second call reuses the entry.
import torch


def check(x, limit):
    if x.dim() > limit:
        raise ValueError("too many dims")
    return x


def f(x):
    try:
        y = check(x, 1) * 2
    except ValueError:
        y = x.sum(0) + 1
    try:
        z = y.relu()
    finally:
        z = z - 1
    return z


cf = torch.compile(f, backend="eager")
cf(torch.randn(4, 4))
cf(torch.randn(4, 4))
