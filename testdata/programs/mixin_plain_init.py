# A mixin without __init__ called explicitly as Base.__init__(self) (NAFNetLocal: Local_Base.__init__(self));
# Base.__init__ resolves to object.__init__ through the MRO
import torch
import torch.nn as nn


class Base():
    def scale(self, x):
        return x * 2


class Net(Base, nn.Module):
    def __init__(self):
        Base.__init__(self)
        nn.Module.__init__(self)
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        return self.scale(self.lin(x))


m = Net()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    for b in (2, 3):
        print(tuple(cm(torch.randn(b, 4)).shape))
