# Frozen parameters (nn.Parameter(..., requires_grad=False), requires_grad_(False)), Module.apply over every
# submodule, and the pad modules (reflect / replicate / circular / constant): the forward branches on them
import torch
import torch.nn as nn

seen = []


def init(module):
    seen.append(type(module).__name__)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Parameter(torch.ones(6), requires_grad=False)
        self.b = nn.Parameter(torch.ones(6))
        self.b.requires_grad_(False)
        self.body = nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(3, 3, 3), nn.ReplicationPad2d((1, 0, 1, 0)),
                                  nn.CircularPad2d(1), nn.ConstantPad2d(1, 0.5), nn.ZeroPad2d(2))
        self.apply(init)

    def forward(self, x):
        h = self.body(x)
        if self.a.requires_grad:
            h = h.sin()
        if self.b.requires_grad:
            h = h.cos()
        if len(seen) == 8:
            h = h * 2
        return h[..., :6] * self.a


m = Net()
cm = torch.compile(m, backend="eager")
cm(torch.randn(1, 3, 6, 6))
cm(torch.randn(2, 3, 6, 6))
