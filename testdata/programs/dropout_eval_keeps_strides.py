# F.dropout(x, p, training=False) returns its input in torch, so symbolic strides stay 32*((n//b)); ours recomputes contiguous strides 32*Max(1, (n//b)) (from mar models/mar.py over timm Attention/Mlp proj_drop, after a nonzero() break)
import torch
import torch.nn.functional as F
torch.manual_seed(0)
lin = torch.nn.Linear(32, 32)

def f(x, bsz):
    x = x.reshape(bsz, -1, 32)
    return F.dropout(lin(x), 0.1, False, False) + 1

g = torch.compile(f, backend="eager")
with torch.no_grad():
    print(g(torch.randn(20, 32), 2).shape)
    print(g(torch.randn(30, 32), 3).shape)
