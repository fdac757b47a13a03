# Tensor.tolist() on a float tensor breaks the graph.
import torch


def f(x):
    m = x.mean(dim=0)
    vals = m.tolist()
    return x + len(vals)


cf = torch.compile(f, backend="eager")
cf(torch.randn(4, 4))
