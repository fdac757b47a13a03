# A plain int argument (0) on the first calls, a float (0.5) on the next: the frame state's scalar compares by value
# whatever the type (FrameStateSizeEntry._merge_atom), so 0.5 differs from 0 and is automatic dynamic: a 0-d float64
# graph input and its item(); int() of it is sym_int and the slice bound a symbol (Chinese-CLIP's mask_ratio).
import torch
def f(x, r):
    if r != 0:
        k = int((x.size(1) - 1) * (1 - r))
        x = x[:, :k]
    return x * 2
cf = torch.compile(f, backend="eager")
cf(torch.randn(4, 17), 0)
cf(torch.randn(4, 17), 0)
print(cf(torch.randn(4, 17), 0.5).shape)
print(cf(torch.randn(4, 17), 0.25).shape)
