# A frame that breaks before any op of its own: compiled statically there is no graph (Dynamo compiles none without a
# call); recompiled with a dynamic size, the shape read `_, _, h, w = x.shape` made `size` / getitem proxies, so the
# graph has calls when Dynamo decides, and an empty graph reaches the backend (glow's ActNorm, PointNet++).
import torch


def f(x, flag):
    _, _, h, w = x.shape
    if flag.item() == 0:
        x = x + 1
    return x * (h * w)


cf = torch.compile(f, backend="eager")
for n in (4, 5, 6):
    print(cf(torch.rand(2, 3, n, n), torch.tensor(0)).shape)
