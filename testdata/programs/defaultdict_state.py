# an optimizer-style state in a global defaultdict keyed by the parameter, filled in the frame (__missing__ guards the keys first)
import collections, torch
state = collections.defaultdict(dict)
@torch.compile(backend="eager")
def f(p):
    s = state[p]
    if len(s) == 0:
        s['m'] = torch.zeros_like(p)
    return p + s['m']
t = torch.randn(3)
f(t); f(t); f(t)
