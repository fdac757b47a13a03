# A resume function's float on the stack (an item() value) that changed goes dynamic: the call that reads it, here
# math.ceil, tensorifies it (`item()` of L_stack1_, then math_ceil), and range() of the ceiling guards that integer
# (`math.ceil(___as_tensor(L['___stack1']).item()) == 4`), not the float: another value of the same ceiling passes
# (from msurtsukov's neural-ode Euler solver: `n_steps = math.ceil((abs(t1 - t0)/h_max).max().item())`)
import math

import torch


@torch.compile(backend="eager")
def solve(z, t):
    n = math.ceil((t * 20).max().item())
    h = z / n
    for _ in range(n):
        z = z + h
    return z


for v in (0.2, 0.16, 0.17, 0.13):
    print(solve(torch.ones(2), torch.tensor([v])).sum().item())
