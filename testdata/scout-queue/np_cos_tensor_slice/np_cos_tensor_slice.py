# MAR.sample_tokens step: `np.cos` of a Python float, `torch.Tensor([np.floor(...)])`, torch.sum(..., keepdims=True)
# (numpy alias kwarg), then mask_by_order slices `order[:, :mask_len.long()]` with a 1-element tensor.
import math

import numpy as np
import torch


def step(mask, order, s):
    mask_ratio = np.cos(math.pi / 2. * (s + 1) / 4)
    mask_len = torch.Tensor([np.floor(8 * mask_ratio)])
    mask_len = torch.maximum(torch.Tensor([1]), torch.minimum(torch.sum(mask, dim=-1, keepdims=True) - 1, mask_len))
    nxt = torch.zeros(mask.shape)
    nxt = torch.scatter(nxt, dim=-1, index=order[:, :mask_len[0].long()], src=torch.ones(mask.shape)).bool()
    return torch.logical_xor(mask.bool(), nxt)


f = torch.compile(step, backend="eager")
order = torch.stack([torch.randperm(8) for _ in range(2)])
f(torch.ones(2, 8), order, 0)
f(torch.ones(2, 8), order, 1)
