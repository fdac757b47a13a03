# A module buffer made with nn.Buffer assigned again inside forward. Module.__setattr__ reads `value.persistent`:
# a tensor read from a source (the buffer itself, given back as it is by a helper: FastSpeech2's relative positional
# encoding `self.pos_enc = self.extend_pos_enc(x, self.pos_enc)`) has its real attribute, a constant; a tensor made
# in the frame (detach(), a no-op .to()) has none, and register_buffer's `if persistent:` breaks the graph.
import torch
import torch.nn as nn


class Direct(nn.Module):
    def __init__(self):
        super().__init__()
        self.pe = nn.Buffer(torch.randn(16, 4), persistent=False)

    def forward(self, x):
        self.pe = self.pe
        return x + self.pe[: x.shape[0]]


class ThroughHelper(nn.Module):
    def __init__(self):
        super().__init__()
        self.pe = nn.Buffer(torch.randn(16, 4), persistent=False)

    def extend(self, x, pe=None):
        if pe is not None:
            if pe.size(0) >= x.size(0):
                if pe.dtype != x.dtype or pe.device != x.device:
                    pe = pe.to(dtype=x.dtype, device=x.device)
                return pe
        return torch.zeros(x.size(0), 4)

    def forward(self, x):
        self.pe = self.extend(x, self.pe)
        return x * 2 + self.pe[: x.shape[0]]


class Detached(nn.Module):
    def __init__(self):
        super().__init__()
        self.pe = nn.Buffer(torch.randn(16, 4))

    def forward(self, x):
        self.pe = self.pe.detach()
        return x - self.pe[: x.shape[0]]


class OtherBuffer(nn.Module):
    def __init__(self):
        super().__init__()
        self.pe = nn.Buffer(torch.randn(16, 4))
        self.spare = nn.Buffer(torch.randn(16, 4), persistent=False)

    def forward(self, x):
        self.pe = self.spare
        return x / 2 + self.pe[: x.shape[0]]


for cls in (Direct, ThroughHelper, Detached, OtherBuffer):
    m = torch.compile(cls(), backend="eager")
    m(torch.randn(8, 4))
    m(torch.randn(8, 4))
    print(cls.__name__, m.pe.shape)
