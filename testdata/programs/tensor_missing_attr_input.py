# Purpose: a missing attribute of a frame-input tensor in a compiled frame, behind hasattr / getattr-with-default /
# try-except AttributeError: which of them break, which constant-fold
import torch

@torch.compile(backend="eager")
def f(x):
    a = hasattr(x, "weight")
    b = getattr(x, "bias", None)
    try:
        c = x.scale
    except AttributeError:
        c = 2.0
    y = x * c
    if a or b is not None:
        y = y + 1
    return y.sum()

print(f(torch.randn(3)).item() != 0)
print(f(torch.randn(4)).item() != 0)
