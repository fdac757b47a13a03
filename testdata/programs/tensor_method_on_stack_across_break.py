# `self.w.mul(Variable(eps))`: the tensor method is loaded before its argument's call breaks the graph (Variable is a
# skipped builtin; here reached through a user lambda, whose `return <call>` needs no resume function of its own).
# On the resume function's stack the method is a C method Dynamo skips (GB0007 `<unknown module>.Parameter.mul`):
# the call breaks again, a second resume function at the same line (from RL-Adventure's NoisyLinear)
import torch
import torch.nn as nn
from torch import autograd

USE_CUDA = False
Variable = lambda *args, **kwargs: autograd.Variable(*args, **kwargs).cuda() if USE_CUDA else autograd.Variable(*args, **kwargs)


class Noisy(nn.Module):
    def __init__(self):
        super().__init__()
        self.w_mu = nn.Parameter(torch.randn(4, 3))
        self.w_sigma = nn.Parameter(torch.full((4, 3), 0.1))
        self.register_buffer("w_eps", torch.randn(4, 3))

    def forward(self, x):
        w = self.w_mu + self.w_sigma.mul(Variable(self.w_eps))
        return x @ w.t()


torch.manual_seed(0)
m = torch.compile(Noisy(), backend="eager")
for _ in range(2):
    print(m(torch.ones(2, 3)).shape)
