# Tensor.unfold(1, 2, 1) over a symbolic dim keeps a symbolic output length in torch (pad -> s27 + 1, unfold -> s27); tparse writes the hint's concrete length (12) (from lucidrains/local-attention local_attention.py look_around: F.pad(x, ...).unfold(1, backward + forward + 1, 1))
import torch
import torch.nn.functional as F
torch.manual_seed(0)

def f(x):
    u = F.pad(x, (0, 0, 1, 0), value=-1.0).unfold(1, 2, 1)
    return u.movedim(-1, 2).flatten(2, 3)

cf = torch.compile(f, backend="eager")
for L in (8, 12):
    print(cf(torch.randn(2, L, 4)).shape)
