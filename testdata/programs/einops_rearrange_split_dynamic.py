# einops.rearrange '(n c)' split of a dynamic dim: torch's result sizes are (s//8, s//((s//8))) with strides from reshape's split_dim, printed (s0//8); tparse gives (s0)//8, 8 (from flash-linear-attention fla/ops/simple_gla/naive.py)
import torch
from einops import rearrange
torch.manual_seed(0)

def f(x):
    y = rearrange(x, 'b (n c) d -> b n c d', c=8)
    return y.cumsum(-1) * 2

g = torch.compile(f, backend="eager")
print(g(torch.randn(2, 16, 4)).shape)
print(g(torch.randn(2, 32, 4)).shape)
