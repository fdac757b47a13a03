# autograd.Function.apply(fn, n, *args), TWO tensor varargs, no params (point-e perceiver checkpoint). Real: the eager
# apply's forward(ctx, run_function, length, *args) frame compiles (2/0/0). tparse: that frame FAILs, run stops (TypeError).
import torch

class CheckpointFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, run_function, length, *args):
        ctx.run_function = run_function
        ctx.input_tensors = list(args[:length])
        ctx.input_params = list(args[length:])
        with torch.no_grad():
            out = ctx.run_function(*ctx.input_tensors)
        return out

    @staticmethod
    def backward(ctx, *grads):
        return (None, None) + tuple(None for _ in ctx.input_tensors) + tuple(None for _ in ctx.input_params)

def attn(q, kv):
    return torch.softmax(q @ kv.transpose(-1, -2), -1) @ kv

def checkpoint(func, inputs, params, flag):
    if flag:
        args = tuple(inputs) + tuple(params)
        return CheckpointFunction.apply(func, len(inputs), *args)
    return func(*inputs)

@torch.compile(backend="eager")
def f(x, data):
    return checkpoint(attn, (x * 2, data + 1), (), True) + 1

with torch.no_grad():
    print(f(torch.randn(2, 5, 8), torch.randn(2, 7, 8)).shape)
    print(f(torch.randn(3, 5, 8), torch.randn(3, 7, 8)).shape)
