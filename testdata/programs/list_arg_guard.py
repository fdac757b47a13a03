# A list of ints passed to a compiled function: its length and items are guarded where they are first
# read (len, then sum), and a new item value recompiles with that guard as the reason.
import torch


def helper(x, lens):
    assert len(lens) <= 4
    n = sum(lens)
    return x[:n] * 2


def f(x, lens):
    return helper(x, lens) + 1


cf = torch.compile(f, backend="eager")
cf(torch.randn(16), [3, 5])
cf(torch.randn(16), [3, 7])
