# builtin max() over a list of sizes (memorizing-transformers' context length: max([n, *map(lambda t: t.shape[-3] +
# n, mems)])) once n is dynamic: Dynamo reduces the list pairwise with torch.sym_max, and sympy keeps
# Max(s27, s27 + 4) as it is, so arange of it has that size; max(n, n) is n itself.
import torch


@torch.compile(backend="eager")
def f(x, mems):
    n = x.shape[1]
    ctx = max([n, *map(lambda t: (t.shape[-3] if t is not None else 0) + n, mems)])
    q = torch.arange(n)
    k = torch.arange(ctx)
    return x.sum(-1)[:, :, None] + (k[None, :] - q[:, None])


for n in (8, 12, 16):
    print(f(torch.randn(2, n, 4), (None, torch.randn(2, 4, 2, 3))).shape)
