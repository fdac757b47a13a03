# Stores and reads on modules a script does at setup: a torch submodule's flag (torch.backends.cudnn.benchmark),
# the script's own module through sys.modules, nn.Module.__setattr__ / __getattr__ called by name (DLA's Tree)
import sys

import torch
import torch.nn as nn

torch.backends.cudnn.benchmark = True
torch.backends.cudnn.deterministic = False
assert torch.backends.cudnn.benchmark is True
this = sys.modules[__name__]
assert getattr(this, "Tree", None) is None
assert "sys" in this.__dict__


class Tree(nn.Module):
    def __init__(self, levels):
        super().__init__()
        self.levels = levels
        for i in range(levels):
            self.__setattr__("level_%d" % i, nn.Linear(4, 4))

    def forward(self, x):
        for i in range(self.levels):
            x = self.__getattr__("level_%d" % i)(x)
        return x


cm = torch.compile(Tree(2), backend="eager")
cm(torch.randn(2, 4))
cm(torch.randn(3, 4))
