# A generator object passed INTO a compiled frame (ldm checkpoint(func, inputs, self.parameters(), flag) compiled
# on its own): real torch cannot iterate it, "call_method on generator" graph break at tuple(params), then a
# resume frame. Inlining the call from a compiled caller that then breaks fails with
# "Generator reconstruction with mutations".
import torch

lin = torch.nn.Linear(4, 4)

def checkpoint(func, inputs, params):
    args = tuple(inputs) + tuple(params)
    n = len(inputs)
    return func(*args[:n]) * 2 + sum(a.sum() for a in args[n:])

cf = torch.compile(checkpoint, backend="eager")
print(cf(lin, (torch.randn(2, 4),), lin.parameters()).shape)
print(cf(lin, (torch.randn(3, 4),), lin.parameters()).shape)
