# einops.rearrange(t, 'b (w n) d -> b w n d', w=n // 4) on a dynamic length: torch infers n as FloorDiv and prints "(s27//((s27//4)))" (and later floordiv nodes reuse it); tparse's einops model writes "(s27)//(s27//4)" (from lucidrains/local-attention local_attention.py LocalAttention.forward bucketing)
import torch
from einops import rearrange
torch.manual_seed(0)

def f(x):
    n = x.shape[1]
    windows = n // 4
    y = rearrange(x, 'b (w n) d -> b w n d', w=windows)
    return y * 2

cf = torch.compile(f, backend="eager")
for L in (8, 12):
    print(cf(torch.randn(2, L, 4)).shape)
