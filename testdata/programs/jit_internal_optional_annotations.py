# A class body's `__annotations__ = {...: torch._jit_internal.Optional[torch.Tensor]}` (hflayers HopfieldCore,
# copied from torch's old MultiheadAttention): torch._jit_internal.Optional is typing.Optional, subscriptable;
# real torch imports fine and compiles one graph. tparse stopped at import ('object' object is not subscriptable).
import torch

class Core(torch.nn.Module):
    __annotations__ = {
        'bias_k': torch._jit_internal.Optional[torch.Tensor],
    }
    def __init__(self):
        super().__init__()
        self.bias_k = None
        self.lin = torch.nn.Linear(4, 4)
    def forward(self, x):
        return self.lin(x).relu()

m = Core()
@torch.compile(backend="eager")
def f(x):
    return m(x) * 2
with torch.no_grad():
    for b in (2, 3):
        out = f(torch.randn(b, 4))
print(out.shape)
