# Tensor.grad_fn in a frame: None for a leaf (an input, a parameter); for a tensor an op made from one that requires
# grad Dynamo stops (GB0104 "Tensor with grad_fn()") and the frame resumes after the call; under no_grad the result
# has none, and is_leaf reads True.
import torch
from torch import nn

lin = nn.Linear(4, 4)


@torch.compile(backend="eager")
def f(x):
    leaf = x.grad_fn is None and lin.weight.grad_fn is None
    y = lin(x)
    if y.grad_fn is not None:
        y = y * 2
    return y + float(leaf)


for b in (2, 3):
    print(f(torch.randn(b, 4)).shape)
with torch.no_grad():
    print(f(torch.randn(2, 4)).shape)
t = torch.randn(3, requires_grad=True)
print(t.is_leaf, (t * 2).is_leaf, (t * 2).grad_fn is not None)
