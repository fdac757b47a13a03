# Pins: numpy.random.RandomState(seed).randint / .rand / .randn (legacy RandomState API; karpathy/pytorch-made
# update_masks). tparse's numpy stub aliases RandomState = Generator, which has no randint -> AttributeError stop.
# Real numpy: RandomState has randint/rand/randn/permutation; eager mask refresh, the compiled module sees a buffer.
import numpy as np
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(8, 8)
lin.register_buffer("mask", torch.ones(8, 8))
m = torch.compile(lin, backend="eager")
for seed in range(2):
    rng = np.random.RandomState(seed)
    order = rng.permutation(8)
    hid = rng.randint(order.min(), 7, size=8)
    mask = (order[:, None] <= hid[None, :]).astype(np.uint8).T
    lin.mask.data.copy_(torch.from_numpy(mask))
    y = torch.nn.functional.linear(torch.randn(4, 8), lin.mask * lin.weight, lin.bias) + m(torch.randn(4, 8))
    print(y.shape, float(rng.rand()), rng.randn(2).shape)
