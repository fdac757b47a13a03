# the match statement in a module (torchtitan's attention dispatch): literal, or, wildcard, None, sequence, mapping and class patterns
import torch
import torch.nn as nn
import torch.nn.functional as F

class Attn(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.kind = kind
        match kind:
            case "sdpa":
                self.proj = nn.Linear(16, 16)
            case "flex" | "varlen":
                self.proj = nn.Linear(16, 16, bias=False)
            case _:
                raise ValueError(kind)

    def forward(self, x, mode=None):
        q = self.proj(x)
        match self.kind:
            case "sdpa":
                y = F.scaled_dot_product_attention(q, q, q, is_causal=True)
            case _:
                y = q.softmax(-1)
        match mode:
            case None:
                return y
            case (a, b):
                return y * a + b
            case {"scale": s}:
                return y * s
            case int(n) if n > 1:
                return y.relu() * n
        return y

m = torch.compile(Attn("sdpa"))
x = torch.randn(2, 4, 8, 16)
print(m(x).shape, m(x, (2.0, 1.0)).shape, m(x, {"scale": 3.0}).shape, m(x, 3).shape)
