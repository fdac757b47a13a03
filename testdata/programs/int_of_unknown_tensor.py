# Pins: builtin int()/float() of a tensor whose data tparse does not know (random init / randn) returns a guess
# (1 / 1.0) that carries no guess id, so a branch, a size or a guard decided by it never marks the run approximate;
# `.item()` of the same tensor does (runtime/builtins/python/builtins.cpp int/float/bool of a Tensor vs torch/ops/value.cpp).
# Real torch: n = sum(ceil(exp(randn))) >= 20, so `n > 3` holds and f sees sizes 2 then n: 2 compiles, 1 recompile.
# tparse: n = 1, the branch is skipped, 1 compile, "exact". With `n = s.item()` it says "approximate" (as it should).
import torch

torch.manual_seed(0)
x = torch.randn(2, 10)
s = torch.ceil(torch.exp(x)).sum()
n = int(s)
f = torch.compile(lambda t: t + 1, backend="eager")
if n > 3:
    f(torch.zeros(2))
f(torch.zeros(n))
