# Tensor.repeat(repeats=(b, 1, 1)) with the sizes by keyword (hflayers functional.py update-step mask):
# real torch accepts the keyword and Dynamo records repeat(repeats = ...); tparse stopped the run with
# "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor".
# (the device run of this file used repeats=(x.shape[0], 1, 1), a shape bug of mine; fixed after, not rerun)
import torch

@torch.compile(backend="eager")
def f(x, steps_max):
    active = (0 < steps_max) | (steps_max < 0)
    active = active.unsqueeze(dim=1).unsqueeze(dim=2).repeat(repeats=(x.shape[0] // 2, 1, 1))
    return x * active

with torch.no_grad():
    for b in (2, 3):
        out = f(torch.randn(b * 2, 5, 4), torch.tensor([3, 3], dtype=torch.int32))
print(out.shape)
