# A dict item read only for its size (whisper's `offset = next(iter(kv_cache.values())).shape[1]`): the tensor is
# still wrapped as an input with its TENSOR_MATCH guard, so a grown cache recompiles (then dynamic).
import torch


@torch.compile(backend="eager")
def f(x, kv):
    off = kv["a"].shape[1]
    return x.sum(1) + off


kv = {"a": torch.randn(2, 3, 4)}
for i in range(5):
    f(torch.randn(2, 1, 4), kv)
    kv["a"] = torch.cat([kv["a"], torch.randn(2, 1, 4)], 1)
print(kv["a"].shape)
