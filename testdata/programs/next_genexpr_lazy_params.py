# next(<genexpr>) runs the generator only to its first yield: items never consumed add no graph node and lift no parameter (from transformers modeling_utils.py ModuleUtilsMixin.dtype)
import torch
from torch import nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 4)
        self.register_buffer("pos", torch.arange(4.0))

    def forward(self, x):
        x = x * 2
        dt = next(p.dtype for p in self.parameters() if p.is_floating_point())  # lifts only a.weight here
        x = x.to(dt) + self.pos
        return self.b(self.a(x))

def g(x):
    return next(x * i for i in range(1, 4)) + 1                 # torch: one mul; ours: three

m = M()
print(torch.compile(lambda x: m(x), backend="eager")(torch.randn(2, 4)).shape)
print(torch.compile(g, backend="eager")(torch.ones(2)))
