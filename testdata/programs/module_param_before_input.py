# Placeholder order probe: a user module whose forward reads its own parameter before the input (no hooks). Does
# torch realize the input at the module call (input first) or at its first use (parameter first)?
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(4))

    def forward(self, x):
        s = self.w * 2
        return x * s


m = M()


@torch.compile(backend="eager")
def f(x):
    return m(x) + 1


for n in (2, 3):
    f(torch.randn(n, 4))
