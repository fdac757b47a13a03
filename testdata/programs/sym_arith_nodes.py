# Size arithmetic after automatic dynamic: the second call makes the changed dims symbols, and every Python
# operation on them that reaches a tensor op is a graph node of its own (floordiv, mod, mul, sum of sizes,
# math.prod, numel); a third call with new sizes reuses the dynamic graph.
import math

import torch


@torch.compile(backend="eager")
def patches(x, p: int = 4):
    b, n, d = x.shape
    pad = (p - n % p) % p
    x = torch.nn.functional.pad(x, (0, 0, 0, pad))
    m = (n + pad) // p
    return x.reshape(b, m, p * d)


@torch.compile(backend="eager")
def total(xs0, xs1, xs2):
    n = sum([xs0.shape[0], xs1.shape[0], xs2.shape[0]])
    out = torch.zeros(n, xs0.shape[1])
    return out + torch.cat([xs0, xs1, xs2]).sum()


@torch.compile(backend="eager")
def flat(x):
    k = math.prod(x.shape[1:])
    y = x.view(x.shape[0], k)
    return y * x.numel()


@torch.compile(backend="eager")
def ceil_blocks(x, block: int = 8):
    n = x.shape[-1]
    nb = -(-n // block)
    return torch.zeros(x.shape[0], nb) + x[..., :1]


for n in (8, 12, 20):
    patches(torch.randn(2, n, 3))
    total(torch.randn(n, 3), torch.randn(n + 1, 3), torch.randn(2, 3))
    flat(torch.randn(2, n, 3))
    ceil_blocks(torch.randn(3, n * 2))
