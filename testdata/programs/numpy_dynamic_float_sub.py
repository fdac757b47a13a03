# a float computed from a dynamic int (si / 2) reaches a numpy `ticks - at` in a __getitem__ that breaks on .item(): torch lifts the float (L_at_ + .item() -> Sym(zf..)); ours drops the input and feeds a later node (wrapped_absolute) to wrapped_sub (from VAR models/quant.py PhiPartiallyShared.__getitem__ called from get_next_autoregressive_input)
import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)

class Pick(nn.Module):
    def __init__(self):
        super().__init__()
        self.ls = nn.ModuleList([nn.Identity(), nn.Tanh(), nn.ReLU(), nn.Sigmoid()])
        self.ticks = np.linspace(1 / 12, 11 / 12, 4)

    def __getitem__(self, at):
        return self.ls[np.argmin(np.abs(self.ticks - at)).item()]

p = Pick()

def step(si, x):
    return p[si / 2](x) + 1

f = torch.compile(step, backend="eager")
for si in (0, 1, 2):
    print(f(si, torch.randn(3)).shape)
