# H and W duck-sized with the channel dim (all 8, dynamic=True): conv3d's weight check specializes that symbol to 8
# mid-trace. t's last size is then 64*s53 (sympy folds 8**2). Real torch (as M_nonlocal3d's cat block, graph 1/0):
# `h = t.size(2)` and `w = t.size(2)` are rebuilt by the replacement pass as ONE `mul: "Sym(64*s53)" = 64 * s53`.
# tparse keeps the text `8**2*s53`, cannot rebuild it, and keeps `size_1 = t.size(2)`, `size_2 = t.size(2)`.
import torch
conv = torch.nn.Conv3d(8, 4, 1)
def f(x):
    t = conv(x).view(x.size(0), 4, -1)
    h = t.size(2)
    w = t.size(-1)
    return t.repeat(1, 1, 2) / h + w
cf = torch.compile(f, backend="eager", dynamic=True)
cf(torch.randn(2, 8, 4, 8, 8))
