# Purpose: under no_grad Dynamo inlines an autograd.Function's forward without ctx (ctx is the first tensor): a
# ctx.save_for_backward then reads a missing tensor attribute. Caught by the caller: is the frame run eagerly after?
import torch

class Sq(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 2 * x * g

@torch.compile(backend="eager")
def f(x):
    return Sq.apply(x).sum()

x = torch.randn(3, requires_grad=True)
print(round(f(x).item(), 3))
with torch.no_grad():
    try:
        print(round(f(torch.ones(3)).item(), 3))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
    print(round(f(torch.ones(3)).item(), 3))
