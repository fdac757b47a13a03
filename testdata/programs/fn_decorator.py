# A decorated function: elementwise ops, one graph, second call hits the cache.
import torch


@torch.compile(backend="eager")
def f(x, y):
    z = x * 2 + y
    return torch.sin(z) + torch.cos(z).exp()


f(torch.randn(8), torch.randn(8))
f(torch.randn(8), torch.randn(8))
