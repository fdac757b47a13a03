# torch.compile(dynamic=True): a float read from a module attribute or passed as an argument is not specialized
# (assume_static_by_default off: wrap_symfloat makes it a 0-d float64 input and its item()), from the first compile:
# a user module's scale, Dropout's p, BatchNorm's momentum and eps, a float argument
import torch
import torch.nn as nn
import torch.nn.functional as F


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 0.125
        self.lin = nn.Linear(8, 8)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        return self.drop(self.lin(x) * self.scale)


m = torch.compile(Attn().eval(), backend="eager", dynamic=True)
print(m(torch.randn(2, 8)).shape)
print(m(torch.randn(3, 8)).shape)


def f(x, alpha):
    return x * alpha


cf = torch.compile(f, backend="eager", dynamic=True)
print(cf(torch.randn(3), 0.5).shape)
print(cf(torch.randn(4), 0.25).shape)

net = nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU())
cn = torch.compile(net, backend="eager", dynamic=True)
print(cn(torch.randn(2, 3, 8, 8)).shape)
print(cn(torch.randn(3, 3, 9, 9)).shape)
