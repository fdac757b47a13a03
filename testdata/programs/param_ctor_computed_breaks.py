# nn.Parameter() in forward: of a tensor attribute's data (a frame input) no break, a SYNTHETIC_LOCAL input built
# before the graph; of data an op computed in the frame (the VQ-VAE EMA update's `nn.Parameter(self.w * 0.9 + ...)`)
# GB0264 at the call, which runs eagerly. A parameter passed as data is the parameter's own Parameter.
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = torch.randn(6, 4)
        self.w = nn.Parameter(torch.randn(6, 4))

    def forward(self, x):
        a = nn.Parameter(self.table, requires_grad=False)
        b = nn.Parameter(self.w * 0.9 + 0.1, requires_grad=False)
        c = nn.Parameter(x)
        return (x * a + b).sum() + c.sum()


m = torch.compile(M(), backend="eager")
for n in (6, 6):
    print(round(m(torch.ones(n, 4)).item(), 3))
