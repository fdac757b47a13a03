# The same tensor passed twice where a compile saw two distinct ones (`loss(x, x)` after `loss(x, y)`): Dynamo's
# NO_TENSOR_ALIASING guard fails, "Duplicate tensors found", and the frame recompiles with the two names aliased.
# Then the other way round: compiled on one tensor passed twice, called with two distinct tensors; a parameter passed
# with an input (parameters are left out of the aliasing check); a list holding one tensor twice; a keyword alias.
import torch
import torch.nn as nn


def pair(a, b):
    return (a * 2 + b).sum()


def triple(a, b, c):
    return a + b * c


f = torch.compile(pair, backend="eager")
x, y = torch.randn(4), torch.randn(4)
print(f(x, y), f(x, x), f(y, y), f(x, y))

g = torch.compile(triple, backend="eager")
u, v = torch.randn(3), torch.randn(3)
print(g(u, u, v), g(u, v, v), g(u, v, u))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(4))
        self.register_buffer("b", torch.randn(4))

    def forward(self, x, extra):
        return x * self.w + self.b + extra


m = Net()
cm = torch.compile(m, backend="eager")
print(cm(x, y).sum(), cm(x, m.w.detach()).sum(), cm(x, m.b).sum())


def lst(ts):
    return ts[0] + ts[1]


h = torch.compile(lst, backend="eager")
print(h([x, y]), h([x, x]), h([y, x]))


def kw(a, *, scale):
    return a * scale


k = torch.compile(kw, backend="eager")
print(k(x, scale=y), k(x, scale=x))
