# dynamic=True: a size whose expression has a repeated symbol (`2*s77**2` of a square input flattened twice) is rebuilt
# where it is read as sympy's Pow then Mul: `pow_1 = s77 ** 2`, `mul = 2 * pow_1`
import torch


def f(x):
    y = torch.cat([x.reshape(-1), x.reshape(-1)])
    n = y.size(0)
    return y + torch.zeros(n)


cf = torch.compile(f, backend="eager", dynamic=True)
print(cf(torch.randn(5, 5)).shape)
