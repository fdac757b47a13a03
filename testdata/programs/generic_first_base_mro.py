# `class X(Generic[T], Base[T], Other)`: Generic[T] is dropped from the bases (Base is already Generic), so super().__init__ reaches Other.__init__ (from tianshou tianshou/utils/net/common.py ActionReprNetWithVectorOutput / Actor)
from abc import ABC
from typing import Any, Generic, TypeVar
import torch
from torch import nn

T = TypeVar("T")

class WithDim(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.d = d

class Repr(Generic[T], nn.Module, ABC):
    pass

class ReprWithDim(Generic[T], Repr[T], WithDim):
    def __init__(self, d):
        super().__init__(d)

class Net(ReprWithDim[Any]):
    def __init__(self):
        super().__init__(3)
        self.lin = nn.Linear(4, self.d)
    def forward(self, x):
        return self.lin(x) * self.d

torch.manual_seed(0)
print([c.__name__ for c in Net.__mro__ if c is not Generic])
f = torch.compile(Net(), backend="eager")
print(f(torch.randn(2, 4)).shape)
