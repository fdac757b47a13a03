# a plain tensor attribute read into a local (cos, sin = self.cos, self.sin) is wrapped lazily: torch's placeholder L_self_cos comes where it is first used (after the Linear weights), tparse puts it at the read (from picotron picotron/model.py DecoderLayer.forward)
import torch
import torch.nn as nn
torch.manual_seed(0)

class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8, bias=False)
        self.cos, self.sin = torch.randn(4, 8), torch.randn(4, 8)

    def forward(self, x):
        cos, sin = self.cos, self.sin
        q = self.proj(x)
        return q * cos + q * sin

m = Layer()
f = torch.compile(m, backend="eager")
print(f(torch.randn(2, 4, 8)).shape)
