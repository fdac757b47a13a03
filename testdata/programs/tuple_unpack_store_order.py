# `a, b, c = e1, e2, e3` stores c, b, a (CPython reorders the stores instead of swapping), so the live locals and graph outputs at a later graph break come in that order; tparse keeps source order (from eriklindernoren/PyTorch-YOLOv3 utils/loss.py compute_loss: lcls, lbox, lobj = torch.zeros(1), ...)
import torch
torch.manual_seed(0)

def f(x):
    lcls, lbox, lobj = torch.zeros(1), torch.zeros(1), torch.zeros(1)
    torch._dynamo.graph_break()
    lbox += x.sum()
    lobj += x.mean()
    lcls += x.max()
    return lbox + lobj + lcls

cf = torch.compile(f, backend="eager")
print(cf(torch.randn(4)))   # torch: graph 0 returns (lobj, lbox, lcls)
