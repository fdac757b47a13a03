# math.log of a dynamic size has no symbolic form: Dynamo keeps a `math_log(size)` node and the value's __float__
# specializes the size, so each new length compiles again (Autoformer's `top_k = int(factor * math.log(length))`:
# lengths 24, 32, 64 give k 3, 3, 4). math.sqrt of a size is torch._sym_sqrt, a SymFloat.
import math
import torch


@torch.compile(backend="eager")
def f(x):
    length = x.shape[-1]
    top_k = int(1 * math.log(length))
    w, idx = torch.topk(x.mean(0), top_k, dim=-1)
    return torch.softmax(w, dim=-1) / math.sqrt(x.shape[0]), idx


with torch.no_grad():
    for n in (24, 32, 64):
        out = f(torch.randn(2, 3, n))
print(out[0].shape)
