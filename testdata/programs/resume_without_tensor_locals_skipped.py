# A graph break at a call in a helper whose remaining code uses nothing (`freeze(m)` then return): the resume function
# for the helper takes no arguments and names no torch global, so real dynamo's has_tensor_in_frame() is False and it
# is run eagerly without a compile id; only f's own resume frame (y live) is compiled.
# (flamingo-pytorch FlamingoPaLM.forward -> freeze_all_layers_ -> set_module_requires_grad_)
import torch
lin = torch.nn.Linear(3, 3)
def set_requires_grad(m, flag):
    for p in m.parameters():
        p.requires_grad = flag
def freeze(m):
    set_requires_grad(m, False)
@torch.compile(backend="eager")
def f(x):
    y = x.sin()
    freeze(lin)
    return y * 2
f(torch.randn(3))
f(torch.randn(5))
