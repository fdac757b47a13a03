# an autograd.Function whose backward calls requires_grad_, applied inside a for loop: the break becomes "graph break in loop" (frame skipped); torch's compilation_metrics fail_reason omits the "  Higher Order Operator: autograd.Function" line (the break-reason artifact keeps it); ours keeps it in both (from stablediffusion ldm/modules/diffusionmodules/util.py CheckpointFunction)
import torch
torch.manual_seed(0)

class Fn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * 2

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        x = x.detach().requires_grad_(True)
        return g * 2 + x * 0

def f(x):
    for _ in range(2):
        x = Fn.apply(x) + 1
    return x

g = torch.compile(f, backend="eager")
x = torch.randn(3, requires_grad=True)
y = g(x)
y.sum().backward()
print(y.shape, x.grad)
