# A tensor in a dict under an object key (whisper's kv_cache is keyed by its key / value Linear modules) that grows
# along dim 1 per call: its source is `cache[list(dict.keys(cache))[0]]`, and automatic dynamic follows that source,
# so the frame recompiles once (dynamic from then on), not per size.
import torch

lin = torch.nn.Linear(4, 4)


@torch.compile(backend="eager")
def f(x, cache):
    cache[lin] = torch.cat([cache[lin], lin(x)], 1)
    return cache[lin].sum(1)


cache = {lin: torch.randn(2, 3, 4)}
with torch.no_grad():
    for i in range(5):
        f(torch.randn(2, 1, 4), cache)
print(cache[lin].shape)
