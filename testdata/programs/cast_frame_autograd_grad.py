# torch.autograd.grad inside a compiled function: where it breaks and whether typing.cast is compiled as a frame
import torch
torch.manual_seed(0)
w = torch.randn(4, 3, requires_grad=True)
@torch.compile(backend="eager")
def step(x):
    loss = (x @ w).pow(2).sum()
    (g,) = torch.autograd.grad(loss, [w])
    return g * 2
for n in (5, 5):
    print(step(torch.randn(n, 4)).shape)
