# numpy on numbers inside a compiled frame (vits' rational-quadratic spline: `np.log(np.exp(1 - min_derivative) - 1)`
# stored into a tensor; an augmentation shift from random.randrange): Dynamo traces numpy as torch._numpy, so each
# function is a wrapped node, an operator on its result a wrapped operator node, and the 0-d result can be stored
# into a tensor; an `if` whose only branch raises is a check the script passed.
import random

import numpy as np
import torch
import torch.nn.functional as F


def spline_pad(d, x, min_derivative=1e-3, tail_bound=1.0):
    if torch.min(x) < -10.0 or torch.max(x) > 10.0:
        raise ValueError("Input to a transform is not within its domain")
    d = F.pad(d, pad=(1, 1))
    constant = np.log(np.exp(1 - min_derivative) - 1)
    d[..., 0] = constant
    d[..., -1] = constant * 2
    scale = np.sqrt(2.0) / 2 + 1
    return d * scale


def shifted(x):
    shift = random.randrange(4)
    pos = shift + torch.arange(x.shape[0]).view(-1, 1)
    return torch.sin(pos * x)


print(torch.compile(spline_pad, backend="eager")(torch.randn(2, 3, 4), torch.rand(5)).shape)
print(torch.compile(shifted, backend="eager")(torch.randn(4, 3)).shape)
