# mark_dynamic makes dim 0 symbolic on the first compile: one graph for both sizes.
import torch


def f(x):
    return x.cos() * 2


cf = torch.compile(f, backend="eager")
a = torch.randn(6, 4)
torch._dynamo.mark_dynamic(a, 0)
cf(a)
b = torch.randn(7, 4)
torch._dynamo.mark_dynamic(b, 0)
cf(b)
