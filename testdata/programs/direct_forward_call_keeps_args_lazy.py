# tensors passed through a direct `module.forward(x, t)` call stay lazy: placeholders in first-use order (weight before x), as for `module(x, t)` (from barlowtwins main.py / SiT models.py forward_with_cfg)
import torch
from torch import nn
torch.manual_seed(0)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 4)
    def forward(self, x, t):
        return self.a(x) + self.b(t)
    def cfg(self, x, t):
        h = x[: len(x) // 2]
        return self.forward(torch.cat([h, h]), t)
m = M()
def step(x, t):
    return m.forward(x, t)
print(torch.compile(step, backend="eager")(torch.randn(2, 4), torch.randn(2, 4)).shape)
print(torch.compile(m.cfg, backend="eager")(torch.randn(2, 4), torch.randn(2, 4)).shape)
