# Model-building idioms of EfficientNet-PyTorch: a namedtuple whose __new__.__defaults__ the script replaces, and
# nn.Conv2d with a one-element stride list (_pair keeps it as given; F.conv2d expands it); torch.Tensor(sizes)
# (PyTorch-VAE's betatc: a node of the class torch.Tensor)
import collections

import torch
import torch.nn as nn

Params = collections.namedtuple("Params", ["scale", "bias", "stride"])
Params.__new__.__defaults__ = (None,) * len(Params._fields)
p = Params(scale=2.0, stride=[2])
assert p.bias is None


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, stride=p.stride, padding=1)

    def forward(self, x):
        w = torch.Tensor(4, 4).fill_(0.5)
        y = self.conv(x) * p.scale
        return y.flatten(2)[..., :4] @ w


cm = torch.compile(Net(), backend="eager")
cm(torch.randn(1, 3, 8, 8))
cm(torch.randn(1, 3, 8, 8))
