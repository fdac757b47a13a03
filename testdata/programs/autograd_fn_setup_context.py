# torch.autograd.Function in the setup_context style (k-diffusion's in-place rotary embedding): forward(x, theta,
# conj) takes no ctx and setup_context(ctx, inputs, output) saves what backward needs. Dynamo's call_apply drops
# the ctx when forward's parameters are as many as the arguments; under no_grad forward is inlined, its slice
# writes (copy_) in the graph.
import torch


class RotaryInplace(torch.autograd.Function):
    @staticmethod
    def setup_context(ctx, inputs, output):
        x, theta, conj = inputs
        ctx.mark_dirty(x)
        ctx.save_for_backward(theta)
        ctx.conj = conj

    @staticmethod
    def forward(x, theta, conj):
        d = theta.shape[-1]
        x1, x2 = x[..., :d], x[..., d:d * 2]
        cos, sin = torch.cos(theta), torch.sin(theta)
        sin = -sin if conj else sin
        y1 = x1 * cos - x2 * sin
        y2 = x2 * cos + x1 * sin
        x1.copy_(y1)
        x2.copy_(y2)
        return x

    @staticmethod
    def backward(ctx, g):
        theta, = ctx.saved_tensors
        return RotaryInplace.apply(g.clone(), theta, not ctx.conj), None, None


@torch.compile(backend="eager")
def f(q, theta):
    q = q * 2
    return RotaryInplace.apply(q, theta, False) + 1


with torch.no_grad():
    for n in (2, 3):
        out = f(torch.randn(n, 4, 8), torch.randn(4, 2))
print(out.shape)
