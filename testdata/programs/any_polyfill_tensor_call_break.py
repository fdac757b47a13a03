# Minimal: builtin any() over a tensor inside a compiled frame. Dynamo 2.11 inlines the polyfill
# torch/_dynamo/polyfills/builtins.py any(); `if elem:` on a tensor element is data-dependent (gb0170) INSIDE the
# inlined polyfill, so the frame restarts and breaks at the CALL of any(): the graph ends with `gt = t > 0` (no
# getitem), any() runs eagerly, and resume_in_f_at_<line> gets the bool as ___stack0 (guard ___stack0 == True).
# Expected under real torch 2.11: f: 2 ops (mul, gt); resume: 2 ops (randn_like, add); call 2 (t=0): f cache hit,
# resume recompiles with "___stack0 == True" -> 2 ops (zeros_like, add). 2 breaks gb0170 at polyfills/builtins.py:42.
import torch


@torch.compile(backend="eager")
def f(t, y):
    z = y * 2
    noise = torch.randn_like(y) if any(t > 0) else torch.zeros_like(y)
    return z + noise


for i in (1, 0):
    print(f(torch.full((2,), i), torch.randn(3)).shape)
