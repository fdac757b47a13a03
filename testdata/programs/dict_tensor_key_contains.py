# a dict keyed by tensors: a key not found guards the keys (not G['state']), a key found is ID_MATCH-guarded where it sits
import torch
state = {}
@torch.compile(backend="eager")
def f(p):
    if p not in state:
        state[p] = torch.zeros_like(p)
    return p + state[p]
t = torch.randn(3); u = torch.randn(3)
f(t); f(t); f(u); f(u); f(t)
