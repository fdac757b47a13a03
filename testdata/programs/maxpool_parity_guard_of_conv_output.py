# A stride-2 max pool over a dynamic conv output `((s - 1)//2) + 1`: the meta's div_rtn tests the parity of
# `(s - 1)//2`, a guard `((((-1) + x.size()[2]) // 2) % 2) != 0` whose failure recompiles (a ResNet stem on images of
# varying height; from filipradenovic's cnnimageretrieval-pytorch, multi-scale extraction)
import torch
import torch.nn as nn

torch.manual_seed(0)


class Stem(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 7, 2, 3)
        self.pool = nn.MaxPool2d(3, 2, 1)

    def forward(self, x):
        return self.pool(self.conv(x))


f = torch.compile(Stem(), backend="eager")
with torch.no_grad():
    for s in (64, 96, 97, 98, 101):
        print(s, tuple(f(torch.randn(1, 3, s, 64)).shape))
