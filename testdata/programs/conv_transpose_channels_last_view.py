# conv_transpose2d of a channels-last-strided input made by transpose(1, 2).view(b, c, h, w) is channels last: torch prints [2048, 1, 128, 8] for f32[2, 8, 16, 16], tparse the contiguous [2048, 256, 16, 1] (from sam-hq segment_anything/modeling/mask_decoder_hq.py predict_masks)
import torch
import torch.nn as nn

torch.manual_seed(0)
up = nn.ConvTranspose2d(32, 8, kernel_size=2, stride=2)
conv = nn.Conv2d(32, 8, 1)


@torch.compile(backend="eager")
def f(hs):
    b, n, c = hs.shape
    src = hs.transpose(1, 2).view(b, c, 8, 8)
    u = up(src)
    v = conv(src)
    return u - u.mean(1, keepdim=True), v.sum()


with torch.no_grad():
    u, v = f(torch.randn(2, 64, 32))
print(u.shape, u.stride(), round(float(v), 3))
