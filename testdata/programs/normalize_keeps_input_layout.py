# F.normalize of a permuted (non-contiguous) tensor returns the input's memory layout (x / norm.expand_as(x)), not a contiguous one (from xcit xcit.py XCA)
import torch
import torch.nn.functional as F
torch.manual_seed(0)
qkv_lin = torch.nn.Linear(48, 144)
def xca(x):
    B, N, C = x.shape
    qkv = qkv_lin(x).reshape(B, N, 3, 4, C // 4).permute(2, 0, 3, 1, 4)
    q, k = qkv[0].transpose(-2, -1), qkv[1].transpose(-2, -1)
    q = F.normalize(q, dim=-1)
    k = F.normalize(k, dim=-1)
    return (q @ k.transpose(-2, -1)).softmax(-1)
f = torch.compile(xca, backend="eager")
with torch.no_grad():
    print(f(torch.randn(2, 16, 48)).shape)
