# F.interpolate(x, size, 'nearest'): the third positional parameter is scale_factor, not mode (score_sde
# layerspp.Upsample, fir=False: F.interpolate(x, (H * 2, W * 2), 'nearest')). Eager raises ValueError('only one of
# size or scale_factor should be defined'); real dynamo fails the compile with TorchRuntimeError ("Dynamo failed
# to run FX node with fake tensors ... got ValueError(...)"). tparse traces the call as if mode were given.
import torch
import torch.nn.functional as F


@torch.compile(backend="eager")
def f(x):
    B, C, H, W = x.shape
    h = F.interpolate(x, (H * 2, W * 2), 'nearest')
    return h * 2


f(torch.randn(2, 3, 4, 4))
