# Purpose: data-dependent initialisation through a buffer flag (normflows' ActNorm): `if not self.done > 0.0:`
# on a registered buffer, then `self.s.data = ...` and `self.done = torch.tensor(1.0)` (a new tensor assigned to
# the buffer's name) inside the compiled forward; later calls see the flag set. Check frames / breaks / recompiles.
import torch
from torch import nn


class ActNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.s = nn.Parameter(torch.zeros(1, n))
        self.t = nn.Parameter(torch.zeros(1, n))
        self.register_buffer("done", torch.tensor(0.0))

    def forward(self, z):
        if not self.done > 0.0:
            s_init = -torch.log(z.std(dim=0, keepdim=True) + 1e-6)
            self.s.data = s_init.data
            self.t.data = (-z.mean(dim=0, keepdim=True) * torch.exp(self.s)).data
            self.done = torch.tensor(1.0)
        return z * torch.exp(self.s) + self.t, torch.sum(self.s).repeat(z.shape[0])


torch.manual_seed(0)
m = ActNorm(2)
f = torch.compile(m, backend="eager")
for bs in (8, 8, 6):
    z, ld = f(torch.randn(bs, 2) * 3 + 1)
    print(bs, round(z.std().item(), 3), round(ld[0].item(), 3), float(m.done))
