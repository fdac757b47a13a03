# Swin Transformer's window_reverse: the batch recovered as int(<SymInt> / <float>) after the batch becomes
# dynamic on the second call, and a reshape by it; also int() of a SymInt product and of a floor division.
import torch


def window_partition(x, ws):
    B, H, W, C = x.shape
    x = x.view(B, H // ws, ws, W // ws, ws, C)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, ws, ws, C)


def window_reverse(windows, ws, H, W):
    B = int(windows.shape[0] / (H * W / ws / ws))
    x = windows.view(B, H // ws, W // ws, ws, ws, -1)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(B, H, W, -1)


def f(x):
    w = window_partition(x, 2) * 2
    n = int(x.shape[0] * x.shape[1])
    y = window_reverse(w, 2, 4, 4)
    return y.sum() + n, y.reshape(int(x.shape[0] // 1), -1)


cf = torch.compile(f, backend="eager")
cf(torch.randn(2, 4, 4, 3))
cf(torch.randn(3, 4, 4, 3))
cf(torch.randn(5, 4, 4, 3))
