# Setting an attribute on a plain Python function inside a compiled frame. Real torch 2.11 graph-breaks:
# "Failed to trace builtin operator `setattr` with argument types ['function', 'str', 'int']" (seen when
# autograd.Function.forward(ctx, ...) got a function bound to ctx). tparse traces it with no break.
import torch

def attn(q, kv):
    return q @ kv.transpose(-1, -2)

@torch.compile(backend="eager")
def f(x):
    y = x * 2
    attn.run_function = 2
    return attn(y, x).sum(-1) + 1

print(f(torch.randn(2, 3)).shape)
print(f(torch.randn(4, 3)).shape)
