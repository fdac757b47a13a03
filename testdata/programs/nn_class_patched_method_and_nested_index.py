# A method patched onto torch.nn.Module (`torch.nn.Module.add = add_module`, as deep-image-prior's models do) is found
# on every built-in module, Sequential included; Module.type('torch.FloatTensor') casts the parameters; a nested list
# index `x[:, idxs]` (Matrix-Capsules-EM's patch gather, [[h + k for k in range(K)] for h in ...]) is one index tensor
# of the list's shape
import torch
import torch.nn as nn


def add_module(self, module):
    self.add_module(str(len(self) + 1), module)


torch.nn.Module.add = add_module
torch.manual_seed(0)

net = nn.Sequential()
net.add(nn.Conv2d(3, 4, 3, padding=1))
net.add(nn.ReLU())
net = net.type(torch.FloatTensor)


@torch.compile(backend="eager")
def f(x):
    y = net(x)
    idxs = [[h + k for k in range(3)] for h in range(0, y.shape[2] - 3 + 1, 2)]
    return y[:, :, idxs, :]


print(len(net), tuple(f(torch.randn(2, 3, 7, 7)).shape))
print(tuple(f(torch.randn(2, 3, 7, 7)).shape))
