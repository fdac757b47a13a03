# np.sum / np.sum(list[:k]) of a Python int list in eager model-building code returns a numpy int usable as a size and an index (from CSWin-Transformer models/cswin.py)
import numpy as np
import torch
import torch.nn as nn

torch.manual_seed(0)
depth = [1, 2, 1]
dpr = [x.item() for x in torch.linspace(0, 0.1, np.sum(depth))]
blocks = nn.ModuleList()
for s in range(len(depth)):
    for i in range(depth[s]):
        blocks.append(nn.Sequential(nn.Linear(8, 8), nn.Dropout(dpr[int(np.sum(depth[:s])) + i])))


def fwd(x):
    for b in blocks:
        x = torch.relu(b(x))
    return x


f = torch.compile(fwd, backend="eager")
print(len(dpr), f(torch.randn(2, 8)).shape)
