# A custom torch.autograd.Function (a straight-through estimator, as quantization-aware models write them) applied
# inside a compiled function to a tensor that requires grad, and once more under no_grad.
import torch


class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale):
        ctx.save_for_backward(x)
        ctx.scale = scale
        return torch.round(x * scale) / scale

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (x.abs() <= 1).to(grad.dtype), None


def f(x, w):
    return RoundSTE.apply(x @ w, 4.0).relu().sum()


cf = torch.compile(f, backend="eager")
w = torch.randn(8, 8, requires_grad=True)
cf(torch.randn(2, 8), w).backward()
with torch.no_grad():
    cf(torch.randn(2, 8), w)
