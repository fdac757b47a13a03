# VAR's PhiPartiallyShared: a module's __getitem__ picks a submodule by `np.argmin(np.abs(self.ticks - r)).item()`
# where `self.ticks` is a numpy array attribute and r a Python float; called in a loop over scales.
import numpy as np
import torch


class Pick(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.ls = torch.nn.ModuleList([torch.nn.Linear(4, 4) for _ in range(4)])
        self.ticks = np.linspace(1 / 12, 1 - 1 / 12, 4)

    def __getitem__(self, r):
        return self.ls[np.argmin(np.abs(self.ticks - r)).item()]


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.pick = Pick()

    def forward(self, x):
        for si in range(3):
            x = x + self.pick[si / 2](x)
        return x


m = torch.compile(Net(), backend="eager")
with torch.no_grad():
    m(torch.randn(2, 4))
    m(torch.randn(3, 4))
