# torch.compile(dynamic=True) of a module whose forward reads float attributes (torchchat's RMSNorm `eps`, a residual
# multiplier): do they stay constants in the graph, or become SymFloat inputs? An int attribute and a float global
# beside them, two input sizes.
import torch
import torch.nn as nn

SCALE = 0.5


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.eps = 1e-6
        self.mult = 0.25
        self.heads = 2
        self.w = nn.Parameter(torch.ones(8))

    def forward(self, x):
        y = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.w
        y = y * self.mult + x.reshape(x.shape[0], self.heads, -1).sum(1).repeat(1, self.heads)
        return y * SCALE


m = torch.compile(Norm(), backend="eager", dynamic=True)
for n in (2, 3, 5):
    print(round(float(m(torch.ones(n, 8)).sum()), 3))
