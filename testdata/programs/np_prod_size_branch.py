# Purpose: EDM's EGNN_dynamics `if np.prod(t.size()) == 1:` -- numpy on a torch.Size inside a compiled frame.
# Dynamo traces np.prod through torch._numpy (an ndarray graph value), so the `if` is a data-dependent jump
# (gb0170) and breaks the graph, though the value is static. tparse does the same; confirm graphs/breaks and
# whether the second shape (size 1 -> t.item() path) changes the count.
import numpy as np
import torch


@torch.compile(backend="eager")
def f(h, t):
    if np.prod(t.size()) == 1:
        h_time = torch.empty_like(h[:, 0:1]).fill_(t.item())
    else:
        h_time = t.view(-1, 1).repeat(1, h.shape[0] // t.shape[0]).view(-1, 1)
    return torch.cat([h, h_time], 1).sum(1)


print(f(torch.ones(6, 2), torch.full((2, 1), 0.5)))
print(f(torch.ones(6, 2), torch.full((1, 1), 0.25)))
