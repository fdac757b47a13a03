# A tensor returned from a module call and stored into local `x` is named x / x_1 (STORE_FAST name hint) even when one call's argument is `lambda x: ...` (a lambda whose parameter shadows x): torch names both residual adds x, x_1; tparse leaves them add, add_1 (with `lambda y:` it names them x, x_1) (from hkproj/pytorch-transformer model.py EncoderBlock/ResidualConnection)
import torch
import torch.nn as nn
torch.manual_seed(0)

class Res(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(8)
    def forward(self, x, sublayer):
        return x + sublayer(self.norm(x))

class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.Linear(8, 8)
        self.ff = nn.Linear(8, 8)
        self.res = nn.ModuleList([Res(), Res()])
    def forward(self, x):
        x = self.res[0](x, lambda x: self.attn(x))
        x = self.res[1](x, self.ff)
        return x

m = Block()
f = torch.compile(m, backend="eager")
print(f(torch.randn(2, 4, 8)).shape)
