# An exception raised in a compiled frame with no handler in the frame (Dynamo's "Observed exception"): a `raise`
# on a shape check that fails, caught by the caller outside; and one handled inside the frame (no break).
import torch


@torch.compile(backend="eager")
def check(x):
    y = x + 1
    if y.shape[0] == 3:
        raise ValueError("bad length")
    return y * 2


@torch.compile(backend="eager")
def handled(x):
    y = x + 1
    try:
        if y.shape[0] == 3:
            raise ValueError("bad length")
    except ValueError:
        y = y - 1
    return y * 2


for n in (4, 3):
    try:
        check(torch.randn(n))
    except ValueError:
        pass
    handled(torch.randn(n))
