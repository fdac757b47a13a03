# A graph input read only through a lambda's closure and passed on to a module call becomes a placeholder when that module is called (torch: L_mask_ before the inner Linear's weight), tparse creates it later, at its first tensor use inside the module (after the Linear's weight and bias) (from hkproj/pytorch-transformer model.py: lambda x: self.self_attention_block(x, x, x, src_mask))
import torch
import torch.nn as nn
torch.manual_seed(0)

class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Linear(8, 8)
    def forward(self, q, mask):
        return self.w(q).masked_fill(mask == 0, -1e9)

class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(8)
        self.attn = Attn()
    def forward(self, x, mask):
        sub = lambda y: self.attn(y, mask)
        return x + sub(self.norm(x))

m = Block()
f = torch.compile(m, backend="eager")
print(f(torch.randn(2, 4, 8), torch.ones(2, 4, 8, dtype=torch.int32)).shape)
