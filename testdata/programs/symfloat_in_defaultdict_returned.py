# A running SymFloat kept in a defaultdict(int) (XMem's LossComputer: `losses['p'] += p / b / (t-1)` of the bootstrap
# ratio, a function of the dynamic `it`): the first `+=` adds it to 0, which sympy leaves as it is (no node of its
# own), the next collects like terms (`2*(FloatTrueDiv(...))`), and the dict's SymFloat is returned as a float64
# scalar tensor (`torch.scalar_tensor(add_4, dtype=torch.float64)`), as torch 2.11 does in XMem's 3/1.
# Expected torch 2.11 behaviour (backend="eager"): 2 compiles (0/1: it dynamic); 0/1's graph 16 ops with add_4 =
# truediv_2 + truediv_2 and a scalar_tensor output.
import torch
from collections import defaultdict

def bce(x, it):
    this_p = 0.15 + 0.85 * ((10 - it) / 10)
    return x.mean(), this_p

def compute(x, it):
    losses = defaultdict(int)
    for bi in range(2):
        loss, p = bce(x[bi], it)
        losses['p'] += p / 2 / 3
        losses['l'] += loss / 2
    return losses

cf = torch.compile(compute, backend="eager")
for it in (1, 2, 3):
    print(sorted(cf(torch.randn(2, 4), it).keys()))
