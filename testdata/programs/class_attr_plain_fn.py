# A plain class's attribute (`Cfg.flag`) read in a compiled function through the class's global name, or through an
# instance whose class holds it: Dynamo guards the value, so assigning the class attribute recompiles
import torch


class Cfg:
    flag = True


cfg = Cfg()


@torch.compile(backend="eager")
def f(x):
    return x + 1 if Cfg.flag else x - 1


@torch.compile(backend="eager")
def g(x):
    return x * 2 if cfg.flag else x * 3


f(torch.randn(3))
g(torch.randn(3))
Cfg.flag = False
f(torch.randn(3))
g(torch.randn(3))
