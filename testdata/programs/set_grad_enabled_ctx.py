# `with torch.set_grad_enabled(flag):` in a compiled function switches the mode when made (flow_matching's ODESolver)
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
