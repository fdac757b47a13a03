# A graph compiled with backend="eager" runs the same ATen kernels as eager code: its random ops (torch.rand, dropout
# in training) draw from torch's CPU generator at every call, so eager draws after it continue the same sequence (the
# printed values are torch's); a size taken from them decides the shapes the last function compiles for
import torch
import torch.nn.functional as F

torch.manual_seed(0)


@torch.compile(backend="eager")
def noisy(x):
    return F.dropout(x, 0.5, True) + torch.rand(3)


@torch.compile(backend="eager")
def scale(x):
    return x * 2


for _ in range(2):
    noisy(torch.ones(3))
u = torch.rand(6)
print([round(v, 6) for v in u.tolist()])
for v in u.tolist():
    n = 2 + int(v * 4)
    print(scale(torch.ones(n)).shape)
