# Specialization by a true equality: the second call compiles with a symbolic length s (hint 12);
# `if n == 12` evaluates Eq(s, 12) to True, which makes Dynamo replace s by 12 from there on (sizes read
# after it are constants; nodes made before it stay); `if n > 4` before it is only a guard.
import torch
import torch.nn as nn


class Branchy(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.lin = nn.Linear(d, d)

    def forward(self, x):
        n = x.shape[1]
        h = self.lin(x).reshape(-1, n * 8)
        if n > 4:
            h = h * 2
        k = x.size(1) + 1
        if n == 12:
            h = h + 1
        t = torch.arange(n - 2)
        return h.view(1, n, 8).sum(-1)[:, : k - 1] + t.sum()


m = Branchy()
cm = torch.compile(m, backend="eager")
for n in (8, 12, 12):
    cm(torch.randn(1, n, 8))
