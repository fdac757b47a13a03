# an eager backward() before any compile, then a compiled step with backward(): is typing.cast still compiled once
import torch
torch.manual_seed(0)
m = torch.nn.Linear(4, 2)
m(torch.randn(3, 4)).sum().backward()
@torch.compile(backend="eager")
def step(x):
    loss = m(x).square().mean()
    loss.backward()
    return loss.detach() + 1
for _ in range(2):
    print(step(torch.randn(3, 4)).shape)
def other(x):
    y = m(x).sum()
    y.backward()
    return x.cos()
o = torch.compile(other, backend="eager")
print(o(torch.randn(2, 4)).shape)
