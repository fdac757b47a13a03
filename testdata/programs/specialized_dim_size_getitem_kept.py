# x.size() read AFTER the duck-sized symbol of dims 1,3,4 (all 8, dynamic=True) got specialized by conv3d's channel check:
# real torch keeps `size = l_x_.size()`, `getitem_3: "Sym(8)" = size[3]`, `getitem_4: "Sym(8)" = size[4]` (3 ops),
# tparse passes the literal 8s.
import torch
conv = torch.nn.Conv3d(8, 8, 1)
def f(x):
    y = conv(x)
    return y.view(x.size(0), 8, *x.size()[2:]) + 1
cf = torch.compile(f, backend="eager", dynamic=True)
cf(torch.randn(2, 8, 4, 8, 8))
