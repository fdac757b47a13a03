# Submodules unpacked from self._modules.values() keep their source: params are L_self_modules_..._parameters_weight_, not L_tmpN_ (from LeViT levit.py Linear_BN.forward)
import torch
import torch.nn as nn
torch.manual_seed(0)

class LinearBN(nn.Sequential):
    def __init__(self, a, b):
        super().__init__()
        self.add_module('c', nn.Linear(a, b, bias=False))
        self.add_module('bn', nn.BatchNorm1d(b))

    def forward(self, x):
        l, bn = self._modules.values()
        x = l(x)
        return bn(x.flatten(0, 1)).reshape_as(x)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = LinearBN(8, 16)
        self.b = LinearBN(16, 8)

    def forward(self, x):
        return self.b(torch.nn.functional.hardswish(self.a(x)))

m = Net().eval()
f = torch.compile(m, backend="eager")
with torch.no_grad():
    print(f(torch.randn(2, 5, 8)).shape)
