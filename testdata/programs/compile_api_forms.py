# torch.compile of a bound method (its frame, self as L['self']), of a @torch.no_grad() function (the inner frame,
# grad off), and an OptimizedModule's attributes read through to the module (cm.eval(), cm.scale)
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
        self.scale = 3

    def forward(self, x):
        return self.lin(x) * self.scale


@torch.no_grad()
def g(x):
    return x.relu() + 1


m = M()
f = torch.compile(m.forward, backend="eager")
f(torch.randn(2, 4))
f(torch.randn(3, 4))
cg = torch.compile(g, backend="eager")
cg(torch.randn(4))
cm = torch.compile(M(), backend="eager")
cm.eval()
if cm.scale == 3 and not cm.training:
    cm(torch.randn(2, 4))
