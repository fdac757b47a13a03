# F.linear on a 4-D input with dynamic sizes: torch gives output strides [35*(s0//4)*(s53//4), 35*(s0//4), 35, 1] (mm + view, no Max(1, .)); tparse writes 35*Max(1, (s0//4))*Max(1, (s53//4)) (from FocalNet focalnet.py with a second image size)
import torch
import torch.nn as nn
torch.manual_seed(0)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Conv2d(3, 16, kernel_size=4, stride=4)
        self.norm = nn.LayerNorm(16)
        self.f = nn.Linear(16, 35)

    def forward(self, x):
        x = self.proj(x)
        B, C, H, W = x.shape
        x = self.norm(x.flatten(2).transpose(1, 2)).view(B, H, W, C)
        return self.f(x).permute(0, 3, 1, 2).contiguous()

m = Net().eval()
f = torch.compile(m, backend="eager")
with torch.no_grad():
    print(f(torch.randn(2, 3, 32, 32)).shape)
    print(f(torch.randn(2, 3, 64, 48)).shape)
