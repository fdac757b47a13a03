# probe: which torch.nn modules built inside a compiled frame leave torch._C._log_api_usage_once('python.nn_module')
# in the graph: an activation, a loss, a loss with a weight buffer, a layer with parameters, a user subclass
import torch
import torch.nn as nn
torch.manual_seed(0)


class Mine(nn.Module):
    def forward(self, x):
        return x * 2


def f1(x):
    return nn.ReLU()(x)


def f2(x, y):
    return nn.MSELoss()(x, y)


def f3(x, t):
    return nn.CrossEntropyLoss()(x, t)


def f4(x):
    return nn.Linear(4, 4)(x)


def f5(x):
    return Mine()(x)


def f6(x):
    return nn.Softmax(dim=-1)(x)


x, y, t = torch.randn(3, 4), torch.randn(3, 4), torch.randint(0, 4, (3,))
print(torch.compile(f1, backend="eager")(x).shape)
print(torch.compile(f2, backend="eager")(x, y).shape)
print(torch.compile(f3, backend="eager")(x, t).shape)
print(torch.compile(f4, backend="eager")(x).shape)
print(torch.compile(f5, backend="eager")(x).shape)
print(torch.compile(f6, backend="eager")(x).shape)
