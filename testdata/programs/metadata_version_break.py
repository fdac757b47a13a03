# importlib.metadata.version() inside forward breaks the graph.
import importlib.metadata
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        h = self.lin(x)
        v = importlib.metadata.version("torch")
        return h.relu()


m = M()
cm = torch.compile(m, backend="eager")
cm(torch.randn(2, 8))
