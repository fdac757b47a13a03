# audiocraft's StreamableConv1d: pad1d(mode='reflect') with a right padding computed from the (dynamic) length by
# math.ceil, then `end = padded.shape[-1] - extra_pad` (extra_pad 0) and `padded[..., :end]`. On the dynamic
# recompile Dynamo reads the compound size back with padded.size()[2] (call_method size + getitem).
import math

import torch
import torch.nn.functional as F


def conv_pad(x, w):
    length = x.shape[-1]
    n_frames = (length - 4 + 2) / 2 + 1
    ideal = (math.ceil(n_frames) - 1) * 2 + (4 - 2)
    extra = ideal - length
    padded = F.pad(x, (2, extra + 1), "reflect", 0.0)
    end = padded.shape[-1] - 0
    return F.conv1d(padded[..., :end], w, stride=2)


f = torch.compile(conv_pad, backend="eager")
w = torch.randn(8, 4, 4)
for T in (8, 12, 16):
    f(torch.randn(2, 4, T), w)
