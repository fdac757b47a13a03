# scaled_dot_product_attention on 5-D q/k/v (CPU) takes the math path: the output is contiguous, not the flash (B,L,H,E) layout (from hiera hiera/hiera.py MaskUnitAttention)
import torch
import torch.nn.functional as F
torch.manual_seed(0)
qkv_lin = torch.nn.Linear(16, 48)
def attn(x):
    B, N, _ = x.shape
    qkv = qkv_lin(x).reshape(B, -1, 4, 3, 1, 16).permute(3, 0, 4, 2, 1, 5)
    q, k, v = qkv[0], qkv[1], qkv[2]
    o = F.scaled_dot_product_attention(q, k, v)
    return o.transpose(1, 3).reshape(B, -1, 16)
f = torch.compile(attn, backend="eager")
with torch.no_grad():
    print(f(torch.randn(2, 256, 16)).shape)
