# `m = n / 4; if m.is_integer():` on a symbolic n: torch puts the SymFloat truediv and the is_integer() calls in the graph (truediv_2: "Sym(IntTrueDiv(s27, 4))", is_integer ...) and guards; tparse evaluates it with no graph nodes (from lucidrains/local-attention local_attention.py pad_to_multiple)
import math
import torch
import torch.nn.functional as F
torch.manual_seed(0)

def f(x):
    n = x.shape[1]
    m = n / 4
    if m.is_integer():
        return x * 2
    rem = math.ceil(m) * 4 - n
    return F.pad(x, (0, 0, 0, rem)) * 2

cf = torch.compile(f, backend="eager")
for L in (8, 12):
    print(cf(torch.randn(2, L, 4)).shape)
