# `assert` in a compiled frame: a tensor test with no message or a constant one is rewritten into a graph node
# torch._assert_async(cond, msg) (no break); `assert not t`, an and/or chain or a formatted message is a
# data-dependent jump (a graph break and a resume function); shape asserts are guards. (cleanrl / pyGAT /
# nanoGPT-style checks inside forward)
import torch


def f(x, n):
    y = x * 2
    assert (y > -1e9).all()
    assert (y < 1e9).all(), "finite"
    assert y.shape[0] == x.shape[0]
    assert not torch.isnan(y).any()
    z = y + n
    assert (z == z).all(), f"nan in {n}"
    return z - 1


cf = torch.compile(f, backend="eager")
print(cf(torch.randn(4), 3))
print(cf(torch.randn(6), 3))
