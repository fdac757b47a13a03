# conv2d on a channels-last-strided input with dynamic H, W: torch keeps channels-last output strides [32*(s0//8)*(s53//8), 1, 32*(s0//8), 32]; tparse falls back to contiguous strides with Max(1, .) (from FocalNet focalnet.py BasicLayer downsample, second image size)
import torch
import torch.nn as nn
torch.manual_seed(0)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Conv2d(3, 16, kernel_size=4, stride=4)
        self.norm = nn.LayerNorm(16)
        self.down = nn.Conv2d(16, 32, kernel_size=2, stride=2)

    def forward(self, x):
        x = self.proj(x)
        H, W = x.shape[2:]
        x = self.norm(x.flatten(2).transpose(1, 2))  # B L C, contiguous
        x = x.transpose(1, 2).reshape(x.shape[0], -1, H, W)
        return self.down(x)

m = Net().eval()
f = torch.compile(m, backend="eager")
with torch.no_grad():
    print(f(torch.randn(2, 3, 32, 32)).shape)
    print(f(torch.randn(2, 3, 64, 48)).shape)
