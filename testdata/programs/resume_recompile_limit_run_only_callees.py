# A resume function that hits the recompile limit (the rank of a tensor grows each call) runs RUN_ONLY from then on,
# recursively: helper(), inlined before, is never handed to Dynamo as a frame of its own (UniVNet's LVC kernel).
import torch

SH = []

def helper(x):
    return x * 2

def g(x):
    torch._dynamo.graph_break()
    return torch.ones([2] * len(SH))

def f(x):
    y = g(x)
    return helper(y) + 1

cf = torch.compile(f, backend="eager")
for i in range(11):
    SH.append(i)
    cf(torch.randn(3))
