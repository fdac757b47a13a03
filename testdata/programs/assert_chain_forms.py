# `assert a and b` / `assert a or b` with a tensor in the chain. Dynamo decides jump by jump: only the last operand's
# POP_JUMP_IF_TRUE is followed by the raise, so a tensor there becomes torch._assert_async (no break); a tensor in an
# earlier operand is a data-dependent jump (GB0170), and the resume function starting at the last operand rewrites it
# (torchdiffeq's FixedGridODESolver.integrate: `assert t[0] == t[0] and t[-1] == t[-1]` shape).
import torch


def f(x):
    assert x.shape[0] == 2 and (x > -100).all()
    return x * 2


def g(x):
    assert x.shape[0] == 5 or (x > -100).all()
    return x + 1


def h(y0, t):
    assert t[0] == t[0] and t[-1] == t[-1]
    return y0 * t[-1]


print(torch.compile(f, backend="eager")(torch.ones(2, 3)).sum())
print(torch.compile(g, backend="eager")(torch.ones(2, 3)).sum())
print(torch.compile(h, backend="eager")(torch.randn(2, 4), torch.tensor([0.0, 0.5, 1.0])).shape)
