# `with torch.set_grad_enabled(flag):` inside a compiled function (flow_matching's ODESolver.sample wraps odeint in it):
# the mode switches when the manager is made, `_set_grad_enabled(False)` before the block's nodes, True after it.
import torch
torch.manual_seed(0)
lin = torch.nn.Linear(3, 3)
@torch.compile(backend="eager")
def f(x, enable_grad=False):
    y = x * 2
    with torch.set_grad_enabled(enable_grad):
        y = lin(y) + 1
    return y.sum(-1)
for b in (2, 3):
    out = f(torch.randn(b, 3))
print(out.shape, out.requires_grad)
