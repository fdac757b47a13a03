# An autograd.Function whose backward runs the function again and calls torch.autograd.grad (improved-diffusion's
# gradient checkpointing), applied inside a compiled function, then backward
import torch

torch.manual_seed(0)


class Checkpoint(torch.autograd.Function):
    @staticmethod
    def forward(ctx, run_function, length, *args):
        ctx.run_function = run_function
        ctx.input_tensors = list(args[:length])
        with torch.no_grad():
            return ctx.run_function(*ctx.input_tensors)

    @staticmethod
    def backward(ctx, *grads):
        xs = [x.detach().requires_grad_(True) for x in ctx.input_tensors]
        with torch.enable_grad():
            out = ctx.run_function(*xs)
        return (None, None) + torch.autograd.grad(out, xs, grads, allow_unused=True)


lin = torch.nn.Linear(4, 4)


def f(x):
    return Checkpoint.apply(lin, 1, x).relu()


cf = torch.compile(f, backend="eager")
cf(torch.randn(2, 4, requires_grad=True)).sum().backward()
