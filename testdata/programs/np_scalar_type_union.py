# numpy scalar types (np.int64) are classes: `X | np.int64` in a module-level type alias builds a types.UnionType (from tianshou tianshou/utils/net/common.py)
from collections.abc import Sequence
from typing import TypeAlias
import numpy as np
import torch

TActionShape: TypeAlias = Sequence[int] | int | np.int64
print(type(np.int64).__name__, isinstance(np.int64(3), np.integer))

torch.manual_seed(0)
lin = torch.nn.Linear(4, 3)

def f(x):
    return torch.relu(lin(x)).sum(-1)

g = torch.compile(f, backend="eager")
print(g(torch.randn(2, 4)).shape, TActionShape is not None)
