# `x is 'lit'` on identifier-like string literals: CPython interns them, so a value passed from another literal
# of the same text is the same object and `is` answers True (dpn.py DualPathBlock: `block_type is 'proj'`).
# Real dynamo folds the `is` to a constant from the real objects: the 'proj' branch (relu, mul) is traced; tparse
# answers False and traces the else branch (sub)
import torch

MODE = 'proj'


def pick(mode):
    if mode is 'proj':
        return 1
    elif mode is 'down':
        return 2
    return 3


@torch.compile(backend="eager")
def f(x, mode):
    if mode is 'proj':
        x = x.relu() * 2
    else:
        x = x - 1
    return x + pick(MODE)


for b in (2, 3):
    print(f(torch.ones(b, 4), 'proj').shape)
