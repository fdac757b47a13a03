# A custom autograd.Function applied with grad enabled (input requires grad): real 2.11 emits fwd_body_0/bwd_body_0 get_attrs,
# autograd_function_apply(fwd_body_0, bwd_body_0, arg, non_differentiable_idx=[], saved_for_backward_idx=[0]) and the
# bodies' ops (set_grad_enabled, sqrt / mul, sqrt, div); recurrentgemma RG-LRU SqrtBoundDerivative
import torch
class Sq(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sqrt(x)
    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g / torch.sqrt(4.0 * x)
w = torch.nn.Parameter(torch.rand(4))
@torch.compile(backend="eager")
def f(x):
    return Sq.apply(w * x)
for n in (3, 5):
    f(torch.randn(n, 4)).sum().backward()
