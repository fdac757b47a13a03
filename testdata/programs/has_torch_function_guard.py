# The __torch_function__ dispatch guard copied from old torch MultiheadAttention (hflayers functional.py):
# `if any([type(t) is not Tensor for t in ops]) and F.has_torch_function(ops): return F.handle_torch_function(...)`.
# Real Dynamo folds has_torch_function(...) to False for plain tensors (None entries included), so the body runs
# and one graph is traced. tparse left has_torch_function unmodelled, took it as true, and put a
# handle_torch_function node into the graph (approximate).
import torch
from torch import Tensor
import torch.nn.functional as F

def core(q, k, bias_k=None):
    if not torch.jit.is_scripting():
        ops = (q, k, bias_k)
        if any([type(t) is not Tensor for t in ops]) and F.has_torch_function(ops):
            return F.handle_torch_function(core, ops, q, k, bias_k=bias_k)
    return (q @ k.transpose(-1, -2)).softmax(-1) @ k

@torch.compile(backend="eager")
def f(q, k):
    return core(q, k) + 1

with torch.no_grad():
    for n in (5, 7):
        out = f(torch.randn(2, n, 4), torch.randn(2, n, 4))
print(out.shape)
