# An np.ndarray stored on a module (N-BEATS' seasonality basis `self.t = np.arange(0, h) / h`) read in a frame:
# VariableBuilder wraps it as a tensor graph input seen as an ndarray (`L_self_t`), so numpy's arithmetic on it is
# traced (wrapped_mul, wrapped_cos, wrapped_pow) instead of folded to a constant.
import numpy as np
import torch


class Basis(torch.nn.Module):
    def __init__(self, h):
        super().__init__()
        self.fc = torch.nn.Linear(h, 4, bias=False)
        self.t = np.arange(0, h) / h

    def forward(self, x):
        th = self.fc(x)
        s1 = torch.tensor(np.array([np.cos(2 * np.pi * i * self.t) for i in range(2)])).float()
        s2 = torch.tensor(np.array([self.t ** i for i in range(2)])).float()
        return th.mm(torch.cat([s1, s2]))


m = torch.compile(Basis(8), backend="eager")
with torch.no_grad():
    for b in (2, 3):
        print(tuple(m(torch.randn(b, 8)).shape))
