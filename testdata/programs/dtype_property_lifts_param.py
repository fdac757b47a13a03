# `next(self.parameters()).dtype` (a dtype property) makes torch lift that parameter as a graph input at that point; ours lifts it at its first real use (from PixArt-alpha diffusion/model/nets/PixArt.py `x = x.to(self.dtype)`)
import torch
import torch.nn as nn
torch.manual_seed(0)

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 4)

    @property
    def dtype(self):
        return next(self.parameters()).dtype

    def forward(self, x, y):
        x = x.to(self.dtype)
        y = y.to(self.dtype)
        return self.b(y) + self.a(x)

f = torch.compile(M(), backend="eager")
print(f(torch.randn(2, 4), torch.randn(2, 4)).shape)
