# Specialization of a symbolic length mid-trace (the sequential scan of Mamba-style mixers:
# `for i in range(seq_len)`): the second call compiles with a symbolic length s, sizes read before the loop
# are SymInt nodes; `range(s)` needs a Python int, so Dynamo guards `s == 12` and replaces s by 12
# everywhere (a symbolic_shape_specialization record); sizes read after the loop are constants. The
# third call (length 16) fails that guard and compiles again.
import torch
import torch.nn as nn


class Scan(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.proj = nn.Linear(d, 2 * d)
        self.out = nn.Linear(d, d)

    def forward(self, x):
        b, n, d = x.shape
        a, g = self.proj(x).view(b, n, 2, d).unbind(2)
        flat = x.reshape(b * n, d)
        s = torch.zeros(b, d)
        states = []
        for i in range(n):
            s = s * 0.5 + a[:, i]
            states.append(s)
        y = torch.stack(states, dim=1).view(b, n, d) * g
        m = x.size(1)
        return self.out(y).reshape(b, m, d) + flat.view(b, n * d).view(b, -1, d)


m = Scan()
cm = torch.compile(m, backend="eager")
for n in (8, 12, 16):
    cm(torch.randn(1, n, 8))
