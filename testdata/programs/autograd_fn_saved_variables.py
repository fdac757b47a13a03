# NAFNet LayerNorm2d: a custom autograd.Function whose backward reads the deprecated ctx.saved_variables
# (still a property of torch's FunctionCtx in 2.11, with a DeprecationWarning). Compiled forward with grad
# enabled (dynamo speculates the backward), then loss.backward() runs that backward eagerly
import torch


class LN(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, weight, eps):
        mu = x.mean(1, keepdim=True)
        var = (x - mu).pow(2).mean(1, keepdim=True)
        y = (x - mu) / (var + eps).sqrt()
        ctx.save_for_backward(y, var, weight)
        return weight.view(1, -1, 1, 1) * y

    @staticmethod
    def backward(ctx, g):
        y, var, weight = ctx.saved_variables
        return g * weight.view(1, -1, 1, 1) / (var + 1e-6).sqrt(), (g * y).sum((0, 2, 3)), None


w = torch.nn.Parameter(torch.ones(4))


@torch.compile(backend="eager")
def f(x):
    return LN.apply(x * 2, w, 1e-6).relu()


for b in (2, 3):
    f(torch.randn(b, 4, 5, 5)).sum().backward()
    print(b, tuple(w.grad.shape))
