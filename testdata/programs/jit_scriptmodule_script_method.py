# a torch.jit.ScriptModule subclass with a @torch.jit.script_method forward, called inside a compiled nn.Module: torch graph-breaks at the call (GB0008 "_CachedForward.__get__" skipped) and runs it as a script module; tparse does not model torch.jit.script_method and stops ("object is not callable") (from pytorch-cifar100 models/stochasticdepth.py)
import torch
import torch.nn as nn


class Block(torch.jit.ScriptModule):
    def __init__(self, p):
        super().__init__()
        self.p = p
        self.lin = nn.Linear(8, 8)

    @torch.jit.script_method
    def forward(self, x):
        return self.lin(x) * self.p + x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = nn.Linear(8, 8)
        self.blocks = nn.Sequential(Block(1.0), Block(0.5))
        self.post = nn.Linear(8, 4)

    def forward(self, x):
        x = self.pre(x).relu()
        x = self.blocks(x)
        return self.post(x)


torch.manual_seed(0)
m = Net().eval()
f = torch.compile(m, backend="eager")
with torch.no_grad():
    print(f(torch.randn(2, 8)).shape)
    print(f(torch.randn(3, 8)).shape)
