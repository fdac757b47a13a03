# torch.compile(model) returns an OptimizedModule whose __getattr__ forwards what it lacks to the original module:
# `cm.generate(...)` is the original module's method, its `self(x)` the original module, so nothing reaches Dynamo
# (no frame at all) although the script compiled the model; compiling `m.forward` instead compiles every step.
import torch
import torch.nn as nn


class Mixin:
    @torch.no_grad()
    def generate(self, x, n):
        for _ in range(n):
            x = self(x)
        return x


class M(nn.Module, Mixin):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        return self.lin(x).relu()


m = M()
m.generate(torch.randn(2, 4), 3)
cm = torch.compile(m, backend="eager")
cm.generate(torch.randn(2, 4), 3)
m.forward = torch.compile(m.forward, backend="eager")
m.generate(torch.randn(2, 4), 3)
