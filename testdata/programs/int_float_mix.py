# int(<SymInt> * <float>) as timm / Swin mlp widths and F.interpolate sizes compute them on a dynamic tensor
import torch
import torch.nn.functional as F


def f(x):
    H, W = x.shape[-2], x.shape[-1]
    y = F.interpolate(x, size=(int(H * 1.5), int(W * 1.5)), mode="nearest")
    n = round(x.shape[0] / 2)
    return y.sum() + n


cf = torch.compile(f, backend="eager", dynamic=True)
cf(torch.randn(2, 3, 4, 4))
cf(torch.randn(3, 3, 6, 6))
