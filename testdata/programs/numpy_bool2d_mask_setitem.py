# Purpose: numpy assignment through a 2-D boolean mask followed by integer indices (`mask[bool2d, yc, xc] = 0`,
# anordertoreclaim/PixelCNN's MaskedConv2d) before a compiled masked conv. Real numpy accepts it (the boolean
# array consumes the first two axes); tparse's numpy stub stopped the run with an IndexError.
import numpy as np
import torch

w = torch.randn(6, 3, 1, 3)
out_c, in_c, h, wd = w.size()
mask = np.ones(w.size(), dtype=np.float32)
sel = (np.arange(out_c) % 3 == 0)[:, None] * (np.arange(in_c) % 3 == 1)[None, :]
mask[sel, h // 2, wd // 2] = 0
mask[(np.arange(out_c) % 3 == 2)[:, None] * (np.arange(in_c) % 3 == 2)[None, :], 0, 1] = 0
mask_t = torch.from_numpy(mask)
print("mask zeros", int((mask_t == 0).sum()))


@torch.compile(backend="eager")
def masked_conv(x, weight, m):
    return torch.nn.functional.conv2d(x, weight * m, padding=(0, 1))


for bs in (2, 3):
    y = masked_conv(torch.randn(bs, 3, 4, 4), w, mask_t)
    print(bs, tuple(y.shape), round(y.sum().item(), 3))
