# torchvision.ops.deform_conv2d inside a compiled frame is traced through torchvision's Python wrapper: a torch._C._log_api_usage_once node, mask = torch.zeros((B, 1)), then torch.ops.torchvision.deform_conv2d(input, weight, offset, mask, bias, 1, 1, 0, 0, 1, 1, 1, n_offset_grps, False) with a contiguous output (from CycleMLP cycle_mlp.py CycleFC)
import torch
import torch.nn as nn
from torchvision.ops.deform_conv import deform_conv2d

torch.manual_seed(0)


class CycleFC(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(c, c, 1, 1) * 0.1)
        self.bias = nn.Parameter(torch.zeros(c))
        off = torch.zeros(1, 2 * c, 1, 1)
        for i in range(c):
            off[0, 2 * i + 1, 0, 0] = (i + 1) % 3 - 1
        self.register_buffer('offset', off)

    def forward(self, x):
        B, C, H, W = x.size()
        y = deform_conv2d(x, self.offset.expand(B, -1, H, W), self.weight, self.bias, stride=(1, 1),
                          padding=(0, 0), dilation=(1, 1))
        return y.permute(0, 2, 3, 1) + 1


f = torch.compile(CycleFC(4), backend="eager")
print(f(torch.randn(2, 4, 5, 5)).shape)
print(f(torch.randn(3, 4, 5, 5)).shape)
