# An entry compiled with a dynamic size (automatic dynamic after a size change) still guards the strides that stayed
# static: a permuted view first (strides (24, 1, 8)), another length (a dynamic entry), then a contiguous tensor of
# the same rank whose stride 1 differs (PointNet++'s `xyz` permuted or not between its layers).
import torch


def f(x):
    return x * 2


cf = torch.compile(f, backend="eager")
print(cf(torch.rand(2, 3, 8).permute(0, 2, 1)).shape)
print(cf(torch.rand(2, 3, 5).permute(0, 2, 1)).shape)
print(cf(torch.rand(2, 6, 3)).shape)
