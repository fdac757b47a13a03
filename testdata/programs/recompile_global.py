# A global float read by the frame is guarded; changing it recompiles.
import torch

SCALE = 1.0


def f(x):
    return x * SCALE


cf = torch.compile(f, backend="eager")
cf(torch.randn(4))
SCALE = 2.0
cf(torch.randn(4))
