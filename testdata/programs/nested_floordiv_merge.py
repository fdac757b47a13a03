# sympy FloorDiv of a FloorDiv by an integer merges the divisors: `(s77//2) // -2` prints `(s77//(-4))`, not `((s77//2))//(-2)` (from gen-efficientnet-pytorch geffnet/conv2d_layers.py `-(i // -s)` on a stride-2 output size; torch 2.11 prints `(...)//(-4)`)
import torch


@torch.compile(backend="eager", dynamic=True)
def f(x):
    i = x.shape[-1] // 2
    n = -(i // -2)
    return x[..., :n] * 2


for w in (16, 24, 20):
    print(f(torch.randn(2, w)).shape)
