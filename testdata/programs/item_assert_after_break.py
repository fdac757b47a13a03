# An assert on an item() read after a graph break
import torch


def f(x):
    y = x * 2
    torch._dynamo.graph_break()
    v = y.sum().item()
    assert v > 0, "non-positive"
    return y + v


cf = torch.compile(f, backend="eager")
for k in range(2):
    print(cf(torch.ones(3) + k).sum().item())
