# numpy.random array draws inside a compiled frame are traced through torch._numpy.random (one wrapped node, a float64
# ndarray of the asked size), so torch.FloatTensor of one fails at compile time (PyTorch-GAN's UNIT reparameterization:
# a TorchRuntimeError the script catches here); InstanceNorm2d built for fewer channels than it gets warns
# (warnings.warn in a frame: a GB0007 break).
import numpy as np
import torch
from torch import nn


@torch.compile(backend="eager")
def noisy(mu):
    z = torch.from_numpy(np.random.normal(0, 1, mu.shape)).float()
    return z + mu


print(noisy(torch.randn(2, 3)).shape)


@torch.compile(backend="eager")
def legacy(mu):
    return torch.FloatTensor(np.random.normal(0, 1, mu.shape)) + mu


try:
    legacy(torch.randn(2, 3))
    failed = False
except Exception as e:
    failed = "expected TensorOptions(dtype=float" in str(e)
assert failed

norm = nn.InstanceNorm2d(1)


@torch.compile(backend="eager")
def block(x):
    return norm(x.relu()) + 1


print(block(torch.randn(2, 4, 5, 5)).shape)
