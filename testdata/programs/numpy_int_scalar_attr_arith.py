# A numpy integer scalar stored on a module (SNAC / DAC: `self.hop_length = np.prod(rates)`) read in a frame, multiplied
# by an int, divided into a size and passed through math.ceil, then used as a pad width.
import math

import numpy as np
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.hop_length = np.prod([2, 4])
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        length = x.shape[-1]
        pad_to = self.hop_length * 2
        right_pad = math.ceil(length / pad_to) * pad_to - length
        x = nn.functional.pad(x, (0, right_pad))
        return x[..., :length] * 2


m = torch.compile(M(), backend="eager")
m(torch.randn(1, 1, 100))
m(torch.randn(1, 1, 150))
