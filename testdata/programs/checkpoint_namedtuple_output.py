# torch.utils.checkpoint.checkpoint (use_reentrant=False) of a module whose forward returns (tensor, NamedTuple of
# tensors), the result unpacked into a local and a dict item: recurrentgemma Griffin with gradient_checkpointing
from typing import NamedTuple
import torch
from torch.utils import checkpoint
class Cache(NamedTuple):
    a: torch.Tensor
    b: torch.Tensor
class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
    def forward(self, x, flag):
        y = self.lin(x)
        return y.relu(), Cache(a=y[:, -1], b=y.sum(1))
blk = Block()
@torch.compile(backend="eager")
def f(x):
    new = {}
    x, new["b0"] = checkpoint.checkpoint(blk, x, True, use_reentrant=False, determinism_check="none")
    return x, new
with torch.no_grad():
    f(torch.randn(2, 3, 4))
    f(torch.randn(2, 5, 4))
