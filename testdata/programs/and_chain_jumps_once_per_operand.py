# `if a < 0 and b < 0:` on tensors jumps once per evaluated operand (CPython's compiler_jump_if), straight to the
# branch: the operand that decides the chain is not tested again as the chain's value (entropix's sampler)
import torch

def f(x, y):
    a = x.sum()
    b = y.sum()
    if (a < 0 and
        b < 0):
        return x + 1
    elif (a > 0 and
          b > 0):
        return x + 2
    return x + 3

cf = torch.compile(f, backend="eager")
print(cf(torch.ones(3), -torch.ones(3)))
