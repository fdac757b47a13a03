# math.pow on a dynamic int (SymInt) specializes it (guard Eq(s0 + 1, k+1)), so every new step count recompiles (from facebookresearch/madgrad madgrad.py: lamb = lr * math.pow(k + 1, 0.5))
import math
import torch

torch.manual_seed(0)
x = torch.randn(4)


@torch.compile(backend="eager")
def f(x, k):
    lamb = 0.01 * math.pow(k + 1, 0.5)
    return x * lamb


for k in range(4):
    print(k, round(f(x, k).sum().item(), 4))
