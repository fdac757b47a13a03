# FakeTensor's conv takes the output layout from the CPU backend it selects: a batch-1 small-kernel conv_transpose3d is SlowTranspose3d (not mkldnn), so a channels_last_3d input gives a contiguous output; batch 2 picks mkldnn -> channels_last_3d (from tamasino52/UNETR unetr.py)
import torch
conv = torch.nn.ConvTranspose3d(32, 16, kernel_size=2, stride=2)
def f(z):
    z = z.transpose(-1, -2).view(-1, 32, 2, 2, 2)   # [N, 32, 2, 2, 2][256, 1, 128, 64, 32]: channels_last_3d
    return conv(z) * 2
g = torch.compile(f, backend="eager")
with torch.no_grad():
    print(g(torch.randn(1, 8, 32)).stride())      # torch: contiguous [512, 64, 16, 4, 1]
