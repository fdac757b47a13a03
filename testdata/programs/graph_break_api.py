# An explicit torch._dynamo.graph_break().
import torch


def f(x):
    a = x.cos()
    torch._dynamo.graph_break()
    return a.sin()


cf = torch.compile(f, backend="eager")
cf(torch.randn(4))
