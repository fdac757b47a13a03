# SDPA on CPU with a length-1 query (permuted qkv, l2-normalized q/k): torch's output is [B, H, 1, D] with strides [64, 32, 32, 1]; ours gives the flash layout [64, 32, 64, 1] (from VAR models/basic_var.py SelfAttention, first AR step)
import torch
import torch.nn.functional as F
torch.manual_seed(0)
lin = torch.nn.Linear(64, 192)

def attn(x):
    B, L, C = x.shape
    qkv = lin(x).view(B, L, 3, 2, 32)
    q, k, v = qkv.permute(2, 0, 3, 1, 4).unbind(dim=0)
    q = F.normalize(q, dim=-1)
    k = F.normalize(k, dim=-1)
    return F.scaled_dot_product_attention(q, k, v, scale=1, attn_mask=None, dropout_p=0.0).transpose(1, 2).reshape(B, L, C)

f = torch.compile(attn, backend="eager")
with torch.no_grad():
    print(f(torch.randn(4, 1, 64)).shape)
