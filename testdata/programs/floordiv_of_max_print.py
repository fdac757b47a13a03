# a SymInt floordiv of a Max prints as (Max(...)//2), not ((Max(...))//2) (from timm padding.py pad_same used by MiDaS MidasNet_small's tf_efficientnet_lite3)
import math
import torch
import torch.nn.functional as F
torch.manual_seed(0)
@torch.compile(backend="eager")
def f(x):
    ih = x.shape[-1]
    pad = max((math.ceil(ih / 2) - 1) * 2 + (3 - 1) + 1 - ih, 0)
    return F.pad(x, (pad // 2, pad - pad // 2)) * 2
print(f(torch.randn(1, 2, 8)).shape)
print(f(torch.randn(1, 2, 11)).shape)
