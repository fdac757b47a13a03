# A plain MLP compiled as a module: one graph, no breaks.
import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 32)
        self.fc2 = nn.Linear(32, 8)

    def forward(self, x):
        h = F.relu(self.fc1(x))
        return self.fc2(h)


m = MLP()
cm = torch.compile(m, backend="eager")
cm(torch.randn(4, 16))
cm(torch.randn(4, 16))
