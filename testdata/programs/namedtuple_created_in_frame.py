# collections.namedtuple called inside a compiled forward (pytorch-neural-style-transfer's perceptual-loss VGG:
# `vgg_outputs = namedtuple("VggOutputs", self.layer_names)`, then `vgg_outputs(relu1_2, ...)`): the class is made
# without a graph break and the named tuple of graph outputs is returned; a second call makes a new class again
from collections import namedtuple

import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 4)
        self.names = ["first", "second"]

    def forward(self, x):
        h1 = self.a(x).relu()
        h2 = self.b(h1).relu()
        Out = namedtuple("Out", self.names)
        return Out(h1, h2)


m = torch.compile(Net(), backend="eager")
for n in (2, 2, 3):
    o = m(torch.randn(n, 4))
    print(type(o).__name__, o.second.shape, o[0].shape)
