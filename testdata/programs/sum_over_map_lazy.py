# builtins.sum over a lazy map() is functools.reduce(operator.add, it, 0): each fn(x) is traced right before its add, and its result is named `element` (from mlp-mixer-pytorch permutator.py)
import torch
from torch import nn

class ParallelSum(nn.Module):
    def __init__(self):
        super().__init__()
        self.fns = nn.ModuleList([nn.Linear(8, 8) for _ in range(3)])

    def forward(self, x):
        return sum(map(lambda fn: fn(x), self.fns))

m = ParallelSum()
f = torch.compile(m, backend="eager")
print(f(torch.randn(2, 8)).shape)
