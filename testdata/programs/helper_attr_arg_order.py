# Placeholder order probe: an inlined helper called with a frame input and a module attribute read at the call.
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(4))

    def forward(self, x):
        return helper(x, self.w)


def helper(a, w):
    return w.sum() + a


cm = torch.compile(M(), backend="eager")
for n in (2, 3):
    cm(torch.randn(n, 4))
