# .contiguous() on a permuted tensor whose only non-unit dims are already in order returns it unchanged: strides stay [259, 1, 259, 259] (from FocalNet focalnet.py FocalModulation: self.f(x).permute(0, 3, 1, 2).contiguous() at 1x1 resolution)
import torch
import torch.nn as nn
torch.manual_seed(0)

class Mod(nn.Module):
    def __init__(self):
        super().__init__()
        self.f = nn.Linear(16, 35)

    def forward(self, x):               # x: (B, 1, 1, C)
        y = self.f(x).permute(0, 3, 1, 2).contiguous()
        q, ctx, gates = torch.split(y, (16, 16, 3), 1)
        return q * ctx.mean((2, 3), keepdim=True) + gates[:, :1]

m = Mod().eval()
f = torch.compile(m, backend="eager")
with torch.no_grad():
    print(f(torch.randn(2, 1, 1, 16)).shape)
