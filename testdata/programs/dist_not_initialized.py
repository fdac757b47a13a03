# torch.distributed.is_available() / is_initialized() / get_world_size checks inside a compiled function
# (vq-vae-2 distributed.all_reduce): without a process group the helper returns early.
import torch
from torch import distributed as dist

def all_reduce(t, op=dist.ReduceOp.SUM):
    if not dist.is_available() or not dist.is_initialized():
        return t
    if dist.get_world_size() == 1:
        return t
    dist.all_reduce(t, op=op)
    return t

@torch.compile(backend="eager")
def f(x, buf):
    s = x.sum(0)
    all_reduce(s)
    buf.data.mul_(0.9).add_(s, alpha=0.1)
    return buf.sum()

buf = torch.zeros(4)
print(f(torch.randn(2, 4), buf))
print(f(torch.randn(3, 4), buf))
