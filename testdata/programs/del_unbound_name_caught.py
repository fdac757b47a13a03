# `del NAME` of a name that is not bound raises NameError, which an enclosing try/except NameError catches
# (recurrentgemma/torch/__init__.py ends with `try: del torch, common / except NameError: pass`)
import torch
try:
    del not_bound_here, torch_alias
except NameError:
    pass
@torch.compile(backend="eager")
def f(x):
    return x.sin() + 1
f(torch.randn(3))
f(torch.randn(5))
