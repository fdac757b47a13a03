# torch/functional.py's variadic shape functions and their C kin in a compiled function: atleast_1d / 2d / 3d of one
# tensor and of several (a tuple), block_diag of 0-d / 1-d / 2-d blocks, cartesian_prod and kron (xLSTM's
# block-diagonal head projection, torch.atleast_2d of a time step). Two input sizes: the second call recompiles.
import torch


@torch.compile(backend="eager")
def f(x, v, s):
    a = torch.atleast_2d(v)
    b1, b2, b3 = torch.atleast_3d(s, v, x)
    c = torch.atleast_1d(s)
    d = torch.block_diag(x, v, s)
    e = torch.cartesian_prod(v, v[:2])
    k = torch.kron(x, x[:2, :2])
    k2 = x.kron(torch.ones(2, 1))
    return a.sum() + b1.sum() + b2.sum() + b3.sum() + c.sum(), d, e, k, k2, a.stride(), b2.stride(), b3.shape


for n in (3, 5):
    x = torch.randn(n, n)
    v = torch.arange(float(n))
    s = torch.tensor(2.0)
    tot, d, e, k, k2, ast, bst, bsh = f(x, v, s)
    print(n, tuple(d.shape), tuple(e.shape), tuple(k.shape), tuple(k2.shape), ast, bst, bsh, round(float(tot), 3))
