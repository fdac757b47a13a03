# an int local (n = x.size(2)) carried across a graph break into the resume function: on the dynamic recompile torch makes it a SymInt graph input (L_n_: Sym(s..)) and uses it in view(); tparse drops the input and uses the tensor's size symbol (from fxia22/pointnet.pytorch pointnet/model.py PointNetDenseCls.forward)
import torch

torch.manual_seed(0)


def f(x):
    b = x.size(0)
    n = x.size(2)
    torch._dynamo.graph_break()
    y = x.transpose(2, 1).contiguous()
    return y.view(b, n, 3)


g = torch.compile(f, backend="eager")
for n in (8, 12):
    print(g(torch.randn(2, 3, n)).shape)
