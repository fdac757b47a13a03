# A tensor read from an input dict becomes a graph input at the d[key] read, not at its first use (from torchscale multiscale_retention.py recurrent_forward, performer route_args kwargs)
import torch
torch.manual_seed(0)


def f(d, x):
    first = d["first"]    # read first, used last
    second = d["second"]  # read second, used first
    y = second * 2 + x
    return y + first


g = torch.compile(f, backend="eager")
print(g({"first": torch.randn(3), "second": torch.randn(3)}, torch.randn(3)))
