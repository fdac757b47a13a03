# ModuleDict and ModuleList with enumerate/zip/comprehension in forward: one graph.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(8, 8) for _ in range(3)])
        self.heads = nn.ModuleDict({"a": nn.Linear(8, 2), "b": nn.Linear(8, 3)})
        self.act = nn.SiLU()

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = self.act(layer(x)) + i
        outs = [self.heads[k](x) for k in ["a", "b"]]
        total = sum(o.sum() for o in outs)
        return total


m = Net()
cm = torch.compile(m, backend="eager")
cm(torch.randn(4, 8))
