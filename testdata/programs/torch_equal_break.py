# `if torch.equal(query, key)` on traced tensors (hflayers hopfield_core_forward's self-attention dispatch):
# real Dynamo graph-breaks on torch.equal itself: "Data dependent operator: Operator `aten.equal.default` has a
# non-Tensor output". tparse took torch.equal as True (approximate) and reported "Data-dependent branching".
import torch

@torch.compile(backend="eager")
def f(q, k):
    q = q * 2
    if torch.equal(q, k):
        return q.sin()
    return (q @ k.transpose(-1, -2)).softmax(-1)

with torch.no_grad():
    for n in (5, 7):
        x = torch.randn(2, n, 4)
        out = f(x, x * 2)
print(out.shape)
