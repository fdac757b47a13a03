# the output of a custom autograd.Function.apply keeps the node name `getitem` (= autograd_function_apply[0]) even when stored to a local `y = Fn.apply(x)`; tparse renames it to the local (`y`, `x_2`) (from gen-efficientnet-pytorch geffnet/activations/activations_me.py HardSwishMe)
import torch
import torch.nn as nn


class HardSwishFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * (x + 3).clamp(min=0, max=6).div(6.0)

    @staticmethod
    def backward(ctx, grad_output):
        x = ctx.saved_tensors[0]
        return grad_output * ((x + 3).clamp(min=0, max=6).div(6.0) + x * (x > -3) * (x < 3) / 6.0)


class HardSwishMe(nn.Module):
    def forward(self, x):
        return HardSwishFn.apply(x)


torch.manual_seed(0)
lin = nn.Linear(8, 8)
act = HardSwishMe()


@torch.compile(backend="eager")
def f(x):
    x = lin(x)
    x = act(x)
    y = x.sum()
    return y


out = f(torch.randn(3, 8))
out.backward()
print(out.shape, lin.weight.grad.shape)
