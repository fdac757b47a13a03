# Deprecated scalar-first overloads add_(Number, T), addcmul_(Number, T, T), addcdiv_(Number, T, T) do not fit Dynamo's TensorVariable.method_<name> handler: graph break "Unhandled args for method" (GB0117); in a loop the frame is skipped (from LiyuanLucasLiu/RAdam radam.py)
import torch

torch.manual_seed(0)
a = torch.zeros(4)
g = torch.randn(4)


def f_add(a, g):
    a.mul_(0.9).add_(1 - 0.9, g)
    return a * 2


def f_addcmul(a, g):
    a.mul_(0.999).addcmul_(1 - 0.999, g, g)
    return a * 2


def f_addcdiv(a, g):
    a.addcdiv_(-0.01, g, g.abs() + 1)
    return a * 2


for fn in (f_add, f_addcmul, f_addcdiv):
    print(fn.__name__, round(torch.compile(fn, backend="eager")(a, g).sum().item(), 4))
