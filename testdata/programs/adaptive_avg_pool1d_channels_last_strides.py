# adaptive_avg_pool1d of a transposed (B, C, L) view runs as adaptive_avg_pool2d on x.unsqueeze(-2), whose input suggests channels_last: the output keeps channels-last strides ([2, 32, 1] strides (32, 1, 32)), not contiguous (from transformers swin modeling_swin.py SwinModel pooler)
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(h, w):
    p = F.adaptive_avg_pool1d(h.transpose(1, 2), 1)
    p = torch.flatten(p, 1)
    return p @ w


f = torch.compile(fn, backend="eager")
w = torch.randn(32, 4)
for b in (2, 3):
    print(f(torch.randn(b, 16, 32), w).shape)
