# a call that graph-breaks inside a conditional expression `a if c else f(x)`: its result is the resume function's ___stack0 (the stack holds only that value) (from g-mlp-pytorch g_mlp_pytorch.py gMLP.forward)
import torch

def brk(x):
    torch._dynamo.graph_break()
    return x + 1

def f(x, flag):
    y = x if not flag else brk(x)   # torch resume graph input: L_stack0_
    return y * 2

g = torch.compile(f, backend="eager")
print(g(torch.randn(2, 4), True).shape)
