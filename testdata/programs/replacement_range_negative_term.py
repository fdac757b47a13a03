# A symbol equal to a sum with a negative term is no replacement (ShapeEnv._set_replacement keeps the symbol when the
# sum's range, unbounded below, is not inside its [2, oo]): the concatenation's tail keeps its sym_sum (torch 2.11:
# VideoPose3D's semi-supervised step)
import torch


def f(a, b, c, d, e):
    cat = torch.cat((a, b), dim=0)
    semi = cat[c.shape[0]:]
    assert semi.shape[0] == d.shape[0]
    out = semi * d
    assert d.shape[0] == e.shape[0]
    return out.sum() + e.sum() + c.sum()


cf = torch.compile(f, backend="eager")
for na, nb, nc, nd in [(4, 3, 2, 5), (6, 4, 3, 7), (7, 5, 4, 8)]:
    print(cf(torch.ones(na, 2), torch.ones(nb, 2), torch.ones(nc, 2), torch.ones(nd, 2), torch.ones(nd, 2)).item())
