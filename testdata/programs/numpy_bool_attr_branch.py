# A numpy bool attribute (`np.mod(k, 2) == 1` is numpy.bool_, not bool) tested in a compiled forward: Dynamo wraps it
# as a 0-d ndarray, and the jump on it is data-dependent (gb0170) (from CUT's Upsample `if self.filt_odd:`)
import numpy as np
import torch
import torch.nn as nn

torch.manual_seed(0)


class Blur(nn.Module):
    def __init__(self, filt_size=4):
        super().__init__()
        self.filt_odd = np.mod(filt_size, 2) == 1
        self.pad = filt_size // 2

    def forward(self, x):
        x = x * 2
        if self.filt_odd:
            return x[:, :, 1:-1]
        return x[:, :, 1:] + 1


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(2, 2, 3, padding=1)
        self.blur = Blur()

    def forward(self, x):
        return self.blur(self.conv(x)).sum(-1)


cm = torch.compile(M(), backend="eager")
print(cm(torch.randn(1, 2, 8)).shape)
print(cm(torch.randn(1, 2, 8)).shape)
