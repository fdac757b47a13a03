# A comparison of symbolic sizes passed as a bool argument: once the sequence length is dynamic (third
# size), `is_causal=n > 1` is a SymBool and scaled_dot_product_attention refuses it on fake tensors
# (TypeError, graph break); the callee after the break is a new frame that compiles with static sizes.
import torch
import torch.nn.functional as F


def attend(q, k, v):
    n = q.shape[2]
    return F.scaled_dot_product_attention(q, k, v, is_causal=n > 1)


def head(x):
    return x.sum(-1)


def f(x):
    y = attend(x, x, x) * 2
    return head(y)


cf = torch.compile(f, backend="eager")
for n in (4, 6, 8):
    cf(torch.randn(1, 2, n, 8))
