# A 0-d integer tensor used where an op takes an int (arange's end, narrow's length, new_zeros' size, view's size),
# computed in the frame and passed in from outside: which of them does Dynamo trace and which break the graph.
import torch


@torch.compile(backend="eager")
def computed(mask, x):
    n = mask.long().sum(dim=1).max()
    a = torch.arange(n) < mask.long().sum(dim=1).unsqueeze(-1)
    y = x.narrow(-1, 0, n)
    z = x.new_zeros(2, n, 4)
    return a, y, z


@torch.compile(backend="eager")
def given(n, x):
    a = torch.arange(n)
    y = x.narrow(-1, 0, n)
    z = x.new_zeros(2, n, 4)
    w = x[:, :n]
    return a, y, z, w


mask = torch.zeros(2, 8, dtype=torch.bool)
mask[:, 0] = True
x = torch.randn(2, 8)
computed(mask, x)
given(torch.tensor(1), x)
given(torch.tensor(2), x)
