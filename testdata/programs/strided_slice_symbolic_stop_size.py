# A strided slice x[:, 1:n:2] with a symbolic stop n = x.shape[1] has a symbolic length in torch ("f32[2, (s27//2), 4]"-like); tparse writes the hint's concrete length (6) (from alxndrTL/mamba.py mambapy/pscan.py: Aa = A[:, :, 2**k-1:L:2**k] on a dynamic length)
import torch
torch.manual_seed(0)

def f(x):
    n = x.shape[1]
    b = x[:, 1:n:2]
    return b * 2

cf = torch.compile(f, backend="eager")
for L in (8, 12):
    print(cf(torch.randn(2, L, 4)).shape)
