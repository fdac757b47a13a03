# a tensor input the frame only returns (no op reads it) is still guarded: compile_subgraph realizes the returned
# values, so another size recompiles (samplernn's resume function passing the upper tier's output through)
import torch
torch.manual_seed(0)


def f(a, b):
    return a, b.detach() * 2


def g(t):
    return t[0], t[1] * 2


cf = torch.compile(f, backend="eager")
cg = torch.compile(g, backend="eager")
h = torch.randn(1, 4, 8, requires_grad=True)
for n in (4, 16, 16):
    print(cf(torch.randn(4, n, 8), h)[0].shape)
for n in (4, 5):
    print(cg((torch.randn(4, n), torch.randn(3)))[0].shape)
