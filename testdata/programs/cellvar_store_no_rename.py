# A tensor stored to a closure cell variable inside an inlined function keeps its default node name (getitem_N), no rename to the local (from performer_pytorch.py apply_rotary_pos_emb)
import torch
torch.manual_seed(0)


def rot(q, pos):
    sin, cos = pos.unbind(dim=0)          # sin/cos are cell vars: captured by the lambda below
    return (lambda t: t * cos + t.flip(-1) * sin)(q)


def f(q, pos):
    return rot(q, pos) + 1


g = torch.compile(f, backend="eager")
print(g(torch.randn(2, 8), torch.randn(2, 8)).shape)
