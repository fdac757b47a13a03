# a module with a forward pre-hook (torch.nn.utils.weight_norm's WeightNorm) called on a frame input: real torch
# realizes the input before the hook reads weight_g / weight_v, so L_x_ is the first placeholder (BigVGAN conv_pre,
# vocos VocosResNetBackbone.embed); tparse puts weight_g, weight_v, bias first. Same op counts (cmp says EQUAL).
import torch
from torch import nn
from torch.nn.utils import weight_norm
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = weight_norm(nn.Conv1d(4, 4, 3, padding=1))
    def forward(self, x):
        return torch.tanh(self.conv(x))
cm = torch.compile(M(), backend="eager")
with torch.no_grad():
    for n in (16, 24):
        print(cm(torch.randn(2, 4, n)).shape)
