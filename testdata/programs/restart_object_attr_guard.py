# An inlined callee reads an object's tensor attribute (cache.num_masked: int32, then int64 after the first call) and
# then breaks at item(): the caller restarts and compiles only up to the call. The abandoned inlining's guards go
# with it, so the caller keeps no guard on num_masked and never recompiles for its dtype; the dtype recompile is the
# callee's (TimesFM 2.5's decode cache; real torch 2.11).
#
import dataclasses
import torch


@dataclasses.dataclass
class Cache:
    num_masked: torch.Tensor


def attn(x, cache):
    n = torch.sum(x.to(torch.int32), dim=-1) + cache.num_masked
    cache.num_masked = n
    return x * n[0].item()


@torch.compile(backend="eager")
def layer(x, cache):
    x = x + 1
    return attn(x, cache)


c = Cache(torch.zeros(2, dtype=torch.int32))
for i in range(3):
    print(i, tuple(layer(torch.ones(2, 4), c).shape), c.num_masked.dtype)
