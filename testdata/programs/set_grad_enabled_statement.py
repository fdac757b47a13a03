# torch.set_grad_enabled(False) as a statement inside a compiled function (not a `with`), then restored by a second
# statement, and once at module level before a compiled call.
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(3, 3)


@torch.compile(backend="eager")
def f(x):
    y = x * 2
    torch.set_grad_enabled(False)
    z = lin(y)
    torch.set_grad_enabled(True)
    return z.sum() + y.sum()


x = torch.randn(2, 3, requires_grad=True)
print(f(x).requires_grad)
torch.set_grad_enabled(False)
print(f(torch.randn(2, 3)).requires_grad)
torch.set_grad_enabled(True)
print(f(x).requires_grad)
