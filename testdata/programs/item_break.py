# Tensor.item() with capture_scalar_outputs off breaks the graph.
import torch


def f(x):
    s = x.sum()
    v = s.item()
    return x * v


cf = torch.compile(f, backend="eager")
cf(torch.randn(4, 4))
