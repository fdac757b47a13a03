# params of submodules kept in a plain python list attribute (also add_module'd), used in a list comprehension: torch names the graph inputs L_self_heads_0_parameters_W_ (from Diego999/pyGAT models.py)
import torch
import torch.nn as nn

torch.manual_seed(0)


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.W = nn.Parameter(torch.randn(4, 3))

    def forward(self, x):
        return torch.mm(x, self.W)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = [Head() for _ in range(2)]
        for i, h in enumerate(self.heads):
            self.add_module("head_{}".format(i), h)

    def forward(self, x):
        return torch.cat([h(x) for h in self.heads], dim=1)


f = torch.compile(M(), backend="eager")
print(f(torch.randn(5, 4)).shape)
