# A metrics dict of item() values stored by subscript across breaks (drqv2's update_critic): torch 2.11 guards a stack
# float a resume stores into the dict it was handed, and the floats that dict came in with, where the next break hands it
# on (a recompile when they change); so a display dict live across a break; at a return nothing is guarded.
import torch

lin = torch.nn.Linear(4, 4)


def update(x):
    metrics = dict()
    y = lin(x).sin()
    metrics['a'] = y.mean().item()
    metrics['b'] = y.sum().item()
    z = y * 2
    metrics['c'] = z.max().item()
    return z, metrics


f = torch.compile(update, backend="eager")
for i in range(4):
    z, m = f(torch.randn(8, 4))
    print(sorted(m))


def display(x):
    y = lin(x).cos()
    out = {'a': y.mean().item()}
    out['b'] = y.sum().item()
    return out


g = torch.compile(display, backend="eager")
for i in range(3):
    print(sorted(g(torch.randn(8, 4))))
