# F.layer_norm over a permuted [B,1,1,C] tensor keeps the input's strides (elementwise stride rule), not contiguous ones (from ConvNeXt-V2 models/utils.py LayerNorm, channels_last, last stage at 1x1)
import torch
import torch.nn.functional as F
torch.manual_seed(0)
w = torch.ones(8)
b = torch.zeros(8)

def f(x):
    y = x.permute(0, 2, 3, 1)              # [2, 1, 1, 8] strides (8, 1, 1, 1)
    z = F.layer_norm(y, (8,), w, b, 1e-6)  # torch: strides (8, 1, 1, 1); not (8, 8, 8, 1)
    return z * 2

f = torch.compile(f, backend="eager")
print(f(torch.randn(2, 8, 1, 1)).stride())
