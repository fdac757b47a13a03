# nn.Parameter() built in forward from a tensor attribute (Renovamen's PositionalEncoding): data that is a frame
# input is no GB0264; Dynamo builds the Parameter before the graph, a graph input of a synthetic local
# (SYNTHETIC_LOCAL_tmp_0_). A new batch size recompiles the one frame. Calls: batch 4, batch 4, batch 3.
import torch
import torch.nn as nn


class PE(nn.Module):
    def __init__(self):
        super().__init__()
        self.pe = torch.randn(10, 16)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        x = x + nn.Parameter(self.pe, requires_grad=False).to("cpu")
        return self.drop(x)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(40, 16)
        self.pe = PE()
        self.fc = nn.Linear(16, 3)

    def forward(self, t):
        return self.fc(self.pe(self.emb(t))).sum(1)


torch.manual_seed(0)
m = torch.compile(M(), backend="eager")
for B in (4, 4, 3):
    y = m(torch.randint(0, 40, (B, 10)))
    print(B, tuple(y.shape), round(y.sum().item(), 3))
