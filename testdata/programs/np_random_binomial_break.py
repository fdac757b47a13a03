# Pins: np.random.binomial inside a compiled frame (ts2vec generate_binomial_mask). torch._numpy has no binomial, so
# Dynamo 2.11 graph-breaks ("attempted to trace numpy function unsupported by PyTorch"); tparse marks it unmodelled.
import numpy as np
import torch


def mask_fn(x):
    m = torch.from_numpy(np.random.binomial(1, 0.5, size=(x.size(0), x.size(1)))).to(torch.bool)
    return x.masked_fill(~m.unsqueeze(-1), 0.0) * 2


torch.manual_seed(0)
f = torch.compile(mask_fn, backend="eager")
print(f(torch.randn(2, 5, 3)).shape)
