# len() / keys() / values() of a module's dict attribute: its keys in order, then the values read (self.scales['c'] == 3.0)
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = {"a": 1.0, "b": 2.0}
        self.lin = torch.nn.Linear(3, 3)
    def forward(self, x):
        n = len(self.scales)
        ks = list(self.scales.keys())
        vs = sum(self.scales.values())
        return self.lin(x) * n * vs + len(ks)
m = M()
cm = torch.compile(m, backend="eager")
x = torch.randn(2, 3)
cm(x); m.scales["c"] = 3.0; cm(x); m.scales["c"] = 4.0; cm(x)
