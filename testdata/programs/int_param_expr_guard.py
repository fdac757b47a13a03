# An `int` parameter of a torch op (torch.tril's diagonal, Tensor.chunk's chunks) given an expression of a dynamic
# size: guard_int guards the expression to its value (Eq((s27//4), 2): not a single symbol, so nothing is
# specialized and the graph keeps the symbol), and a size whose expression takes another value recompiles
import torch


@torch.compile(backend="eager")
def f(x):
    n = x.shape[1]
    a = torch.tril(torch.ones(n, n), diagonal=n // 4)
    parts = x.chunk(n // 4, dim=1)
    return (x @ a).sum() + parts[0].sum()


for s in (8, 12, 13, 16):
    print(f(torch.randn(2, s)).shape)
