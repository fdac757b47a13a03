# Dropout module: switching train -> eval changes a guarded module attribute (recompile).
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        return self.drop(self.lin(x))


m = M()
cm = torch.compile(m, backend="eager")
cm(torch.randn(2, 8))
m.eval()
cm(torch.randn(2, 8))
