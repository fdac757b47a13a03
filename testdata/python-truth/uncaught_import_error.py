# GFNet gfnet.py line 7: `from numpy.lib.arraypad import pad` (unused). numpy 2.x has no numpy.lib.arraypad, so
# real Python stops with ModuleNotFoundError before anything compiles (device: numpy 2.5.2, 0 compiles).
# The uncaught import error must end the run; no graph may be traced after it.
import torch
from numpy.lib.arraypad import pad


@torch.compile(backend="eager")
def f(x):
    return x + 1


for b in (2, 3):
    print(f(torch.randn(b, 3)).shape)
