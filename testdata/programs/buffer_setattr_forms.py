# A buffer assigned again inside forward (CTRL: `self.pos_encoding = self.pos_encoding.to(device=..., dtype=...)`):
# nn.Module.__setattr__ takes the buffer branch and Dynamo inlines it and register_buffer. Four forms: an nn.Buffer
# given back by a no-op .to(), an nn.Buffer replaced by a new tensor, a register_buffer tensor given back by .to(),
# and a plain tensor attribute (no buffer)
import torch
import torch.nn as nn


class BufferTo(nn.Module):
    def __init__(self):
        super().__init__()
        self.pe = nn.Buffer(torch.randn(16, 4), persistent=False)

    def forward(self, x):
        self.pe = self.pe.to(device=x.device, dtype=x.dtype)
        return x + self.pe[: x.shape[0]]


class BufferNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.pe = nn.Buffer(torch.randn(16, 4))

    def forward(self, x):
        self.pe = self.pe * 1.0
        return x + self.pe[: x.shape[0]]


class RegisteredTo(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("pe", torch.randn(16, 4), persistent=False)

    def forward(self, x):
        self.pe = self.pe.to(dtype=x.dtype)
        return x + self.pe[: x.shape[0]]


class PlainTo(nn.Module):
    def __init__(self):
        super().__init__()
        self.pe = torch.randn(16, 4)

    def forward(self, x):
        self.pe = self.pe.to(x)
        return x + self.pe[: x.shape[0]]


for cls in (BufferTo, BufferNew, RegisteredTo, PlainTo):
    m = torch.compile(cls(), backend="eager")
    m(torch.randn(8, 4))
    m(torch.randn(8, 4))
