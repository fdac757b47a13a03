# a stride s27*s64 whose s64 is later replaced by s27 (a guard s64 == s27) prints re-simplified as s27**2, not s27*s27 (from transformers masking_utils.py sdpa_mask)
import torch

def f(ids, mask):
    q = torch.arange(ids.shape[1])[None, None, :, None]   # [1, 1, s27, 1]
    kv = mask.bool()[:, None, None, :]                     # [2, 1, 1, s64]
    m = (q >= 0) & kv                                      # [2, 1, s27, s64], strides [s27*s64, s27*s64, s64, 1]
    return m, ids + mask                                   # ids + mask: s64 == s27

cf = torch.compile(f, backend="eager")
for s in (8, 12):
    m, _ = cf(torch.ones(2, s, dtype=torch.long), torch.ones(2, s, dtype=torch.long))
    print(m.shape, m.stride())
