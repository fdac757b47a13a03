# Guards checked against the call's own state: a list argument grown in place between calls (RWKV's ctx, one token
# appended per step) fails its length guard; a size-1 slice of a wider tensor (lit-llama's decode-step mask) keeps
# its real strides in the recompiled entry, so the identical later calls hit it; a module switched to eval fails
# its Dropout's training guard
import torch
import torch.nn as nn


def run(x, ctx):
    return x[ctx[-1]] * 2


cf = torch.compile(run, backend="eager")
x = torch.randn(50, 4)
ctx = [1, 2, 3]
cf(x, ctx)
ctx.append(5)
cf(x, ctx)


def f(m):
    return m * 2


cg = torch.compile(f, backend="eager")
cg(torch.ones(5, 32)[:, :12])
for _ in range(3):
    cg(torch.ones(1, 32)[:, :12])

net = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.1))
cn = torch.compile(net, backend="eager")
cn(torch.randn(2, 4))
net.eval()
cn(torch.randn(2, 4))
