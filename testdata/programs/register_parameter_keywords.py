# Module.register_parameter(name=..., param=None) with keyword arguments in __init__ (hflayers HopfieldLayer):
# real torch registers a None parameter and the compiled forward sees `self.target_weights is None`.
# tparse stopped in __init__: "module.register_parameter() missing argument".
import torch

class Lookup(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lookup_weights = torch.nn.Parameter(torch.randn(1, 6, 8))
        self.register_parameter(name=r'target_weights', param=None)
        self.register_buffer(name='scale', tensor=torch.tensor(0.5))
    def forward(self, x):
        w = self.lookup_weights.expand(size=(x.shape[0], 6, 8))
        t = w if self.target_weights is None else self.target_weights
        return (x @ w.transpose(1, 2)).softmax(-1) @ t * self.scale

m = Lookup()
f = torch.compile(m, backend="eager")
with torch.no_grad():
    for b in (2, 3):
        out = f(torch.randn(b, 5, 8))
print(out.shape)
