# the arguments on the stack of a CALL that graph-breaks (callee fails to inline) are realized: TYPE_MATCH guards on them, so the frame recompiles when called with another module type (from flamingo-pytorch flamingo_palm.py)
import torch
from torch import nn

def set_requires_grad_(module, flag):
    for p in module.parameters():
        p.requires_grad = flag       # setattr on requires_grad in a loop: this frame is skipped

def unfreeze_(module):
    set_requires_grad_(module, True)  # CALL breaks: TYPE_MATCH on L['module']

def f(x, a, b):
    unfreeze_(a)
    unfreeze_(b)                      # torch: unfreeze_ recompiles (type LayerNorm != Linear)
    return x + 1

g = torch.compile(f, backend="eager")
print(g(torch.randn(2, 4), nn.Linear(4, 4), nn.LayerNorm(4)).shape)
