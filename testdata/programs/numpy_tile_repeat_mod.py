# Pins: eager numpy helpers used to build index arrays (DiverseBranchBlock dbb_transforms.transV_avg):
# np.tile, ndarray.repeat and ndarray % int. torch/numpy: all fine; the tensor gets 1/9 on 4 kernel slices.
# tparse: np.tile / .repeat are opaque ("numpy_call_traced_by_dynamo.call()") and `%` raises TypeError,
# so the tensor-index assignment stops the run.
import numpy as np
import torch

channels, groups, ks = 4, 2, 3
input_dim = channels // groups
k = torch.zeros((channels, input_dim, ks, ks))
k[np.arange(channels), np.tile(np.arange(input_dim), groups), :, :] = 1.0 / ks ** 2
k2 = torch.zeros((channels, input_dim, ks, ks))
k2[np.arange(channels), np.arange(channels) % input_dim, :, :] = 1.0 / ks ** 2
k3 = torch.zeros((channels, input_dim, ks, ks))
k3[np.arange(channels), np.arange(input_dim).repeat(groups) * 0, :, :] = 1.0

f = torch.compile(lambda x: torch.nn.functional.conv2d(x, k + k2 + k3, padding=1), backend="eager")
print(f(torch.randn(1, 2, 8, 8)).shape)
