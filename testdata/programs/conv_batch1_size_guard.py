# A fully convolutional model at batch 1 over images of several sizes (a pose estimator's multi-scale search):
# FakeTensor's conv asks ATen's use_mkldnn, whose `N*C*H*W > 20480` on a static batch of 1 and symbolic H, W is a
# guard of the ShapeEnv, so an image that crosses 20480 values recompiles, both ways. A strided conv and a conv1d
# at batch 1 too; a 5x5 kernel decides without the product.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Conv2d(3, 8, 3, padding=1)
        self.b = nn.Conv2d(8, 8, 3, stride=2, padding=1)
        self.c = nn.Conv2d(8, 4, 5, padding=2)

    def forward(self, x):
        return self.c(torch.relu(self.b(torch.relu(self.a(x))))).mean()


class Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(16, 16, 3, padding=1)

    def forward(self, x):
        return self.conv(x).sum()


torch.manual_seed(0)
net = torch.compile(Net(), backend="eager")
for h, w in [(48, 64), (64, 48), (96, 96), (40, 40), (100, 120)]:
    print(h, w, round(float(net(torch.randn(1, 3, h, w))), 4))
seq = torch.compile(Seq(), backend="eager")
for n in [100, 200, 2000, 300]:
    print(n, round(float(seq(torch.randn(1, 16, n))), 4))
