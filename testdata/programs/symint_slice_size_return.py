# A slice's symbolic size returned from a compiled function: the size (s - 2, s - 1) has no node of its own, so torch
# rebuilds it from the input symbol for the graph's output; read before other work (g), read inside the return (f).
import torch


@torch.compile(backend="eager")
def f(x):
    tail = x[:, 2:100]
    return x + 1, tail.shape[1]


@torch.compile(backend="eager")
def g(x):
    head = x[:, 1:]
    n = head.shape[1]
    return x * 2, n, head.shape[1] * 2


for n in (8, 12, 16):
    print(f(torch.randn(2, n, 4))[1], g(torch.randn(2, n, 4))[1:])
