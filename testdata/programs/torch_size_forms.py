# torch.Size built from Python values inside a frame (torch.distributions' `_extended_shape`:
# `torch.Size(sample_shape + self._batch_shape)`): with static sizes it is a constant; once a size is a
# symbol (the second call's recompile), building it is a `torch.Size` node of the dynamic graph, and a
# factory takes that node.
import torch


def f(x):
    s = torch.Size((x.shape[0], 3))
    e = torch.empty(s).fill_(1.0)
    t = torch.Size(()) + x.shape[:1]
    z = torch.zeros(t + torch.Size([2]))
    return e * 2, z + 1, x.sum()


cf = torch.compile(f, backend="eager")
for n in (4, 5, 6):
    print([tuple(r.shape) for r in cf(torch.randn(n, 2))])
