# A frame run eagerly (skipped after a graph break in a loop) that indexes a defaultdict must not compile defaultdict.__missing__ (C code / collections is skipfiled) (from clovaai/AdamP adamp.py, torch_optimizer lamb.py)
import collections
import torch

torch.manual_seed(0)
state = collections.defaultdict(dict)
params = [torch.randn(4), torch.randn(4), torch.randn(4)]


def step(x):
    for p in params:
        s = state[p]
        if len(s) == 0:
            s["buf"] = torch.zeros_like(p)
        if (p * x).sum() > 0:      # data-dependent branch inside the loop
            s["buf"].add_(p)
    return x


f = torch.compile(step, backend="eager")
f(torch.randn(4))
f(torch.randn(4))
print(sum(float(v["buf"].sum()) for v in state.values()))
