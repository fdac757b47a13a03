# Iterating an nn container (Sequential.forward's `for module in self`, `for l in self.layers` of a ModuleList) reads
# `_modules.values()`: the dict's guard checks its length, so a container of another number of children recompiles
# (`len(self._modules['model']._modules) != 2`), from nashory/pggan-pytorch's grow_network (a new, longer Sequential)
import torch
import torch.nn as nn


class G(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential()
        self.model.add_module('a', nn.Linear(4, 4))
        self.model.add_module('b', nn.Linear(4, 4))
        self.layers = nn.ModuleList([nn.Linear(4, 4)])

    def forward(self, x):
        x = self.model(x)
        for l in self.layers:
            x = l(x)
        return x


torch.manual_seed(0)
g = G()
cg = torch.compile(g, backend="eager")
x = torch.randn(2, 4)
print(cg(x).shape)
new = nn.Sequential()
for n, m in g.model.named_children():
    new.add_module(n, m)
new.add_module('c', nn.ReLU())
g.model = new
print(cg(x).shape)
g.layers.append(nn.Tanh())
print(cg(x).shape)
print(cg(x).shape)
