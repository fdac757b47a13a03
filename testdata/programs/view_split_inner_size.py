# x.view(B, n // 4, 4, C) splitting a dynamic dim n: real torch's view meta (prims.split_dim) gives the inner dim
# the size n // (n // 4), not the literal 4, so a later y.shape[2] is a SymInt and arithmetic on it is recorded
# (sam2 window_partition, then B, H, W, _ = x.shape in the attention); tokens 8 then 16
import torch


@torch.compile(backend="eager")
def f(x):
    n = x.shape[1]
    y = x.view(2, n // 4, 4, 8)
    B, H, W, C = y.shape
    return y.reshape(B, H * W, C) * W


for s in (8, 16):
    print(f(torch.randn(2, s, 8)).shape)
