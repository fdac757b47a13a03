# Which guard a recompile names when several inputs change at once: the frame reads the longer-named
# argument first, the aliased pair reads its second name first, the equal-length pair reads 'b_' first.
import torch


def f(zz_long_name, a):
    return zz_long_name.sum() + a.sum()


def g(x, x2):
    return x2.sin() + x.cos()


def h(b_, aa):
    return b_.sum() + aa.sum()


cf = torch.compile(f, backend="eager")
cf(torch.randn(2), torch.randn(3))
cf(torch.randn(4), torch.randn(5))
cg = torch.compile(g, backend="eager")
t = torch.randn(3)
cg(t, t)
t = torch.randn(5)
cg(t, t)
ch = torch.compile(h, backend="eager")
ch(torch.randn(2), torch.randn(3))
ch(torch.randn(4), torch.randn(5))
