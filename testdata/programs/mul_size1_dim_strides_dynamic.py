# under a dynamic batch, an elementwise op on a [s, 2, 1, 32] tensor with strides [64, 32, 64, 1] gives torch contiguous strides [64, 32, 32, 1] (the static compile keeps [64, 32, 64, 1]); ours keeps 64 in both (from VAR models/basic_var.py `F.normalize(q, dim=-1).mul(scale_mul)`)
import torch
import torch.nn.functional as F
torch.manual_seed(0)
lin = torch.nn.Linear(64, 192)
scale_mul = torch.full((1, 2, 1, 1), 4.0).log()

def qnorm(x):
    B, L, C = x.shape
    q, k, v = lin(x).view(B, L, 3, 2, 32).permute(2, 0, 3, 1, 4).unbind(dim=0)
    return F.normalize(q, dim=-1).mul(scale_mul.exp()) + 1

f = torch.compile(qnorm, backend="eager")
with torch.no_grad():
    print(f(torch.randn(4, 1, 64)).shape)
    print(f(torch.randn(6, 1, 64)).shape)
