# A print inside a submodule's forward cuts the module-call wrapper and the outer forward.
import torch
import torch.nn as nn


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        y = self.lin(x)
        print("inner")
        return y.relu()


class Outer(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = nn.Linear(8, 8)
        self.inner = Inner()

    def forward(self, x):
        h = self.pre(x).tanh()
        h = self.inner(h)
        return h * 2


m = Outer()
cm = torch.compile(m, backend="eager")
cm(torch.randn(2, 8))
