# Pins: `from torch.nn.modules.linear import NonDynamicallyQuantizableLinear` (the out_proj class of nn.MultiheadAttention,
# imported by custom MHA copies such as ConditionalDETR/DAB-DETR attention.py) must be a real Linear subclass.
import torch
from torch import nn
from torch.nn.modules.linear import NonDynamicallyQuantizableLinear as _LinearWithBias
from torch.nn.init import constant_

class MyMHA(nn.Module):
    def __init__(self, e):
        super().__init__()
        self.in_proj = nn.Linear(e, 3 * e)
        self.out_proj = _LinearWithBias(e, e)
        constant_(self.out_proj.bias, 0.0)

    def forward(self, x):
        q, k, v = self.in_proj(x).chunk(3, dim=-1)
        a = torch.softmax(q @ k.transpose(-1, -2), dim=-1)
        return self.out_proj(a @ v)

torch.manual_seed(0)
m = torch.compile(MyMHA(16), backend="eager")
print(m(torch.randn(2, 5, 16)).shape)
