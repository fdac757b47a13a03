# Purpose: a graph break inside a call whose result is then used as a method receiver while an earlier
# operand waits on the stack (`x * 3 + helper(pe).sum(0)`). The frame after the break gets the pending
# operand (x * 3) as a graph input; torch guards every graph input's size, so a new batch size must
# recompile that resume function (expected: f 2 compiles, helper's frames 1 each, resume_in_f 2 compiles).
import torch


def helper(t):
    print("helper")  # graph break (print)
    return t * 2


def f(x, pe):
    y = x * 3 + helper(pe).sum(0)
    return torch.relu(y)


g = torch.compile(f, backend="eager")
pe = torch.randn(10, 16)
for B in (4, 4, 3):
    out = g(torch.randn(B, 16), pe)
    print(tuple(out.shape), round(out.sum().item(), 3))
