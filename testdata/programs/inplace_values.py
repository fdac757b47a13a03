# Element values of eager tensors survive in-place writes to other tensors: a write makes stale only the values that
# share its storage (views: slicing, view, transpose, ...). A KV-cache length counter advanced in place
# (mistral-inference's `kv_seqlens += torch.tensor(seqlens)`) keeps known values, so `.tolist()` decides prefill vs
# decode as the real run does; an unrelated `other += 1` leaves a literal mask's values (a boolean-mask index of 3
# rows, not a guess).
import torch

mask = torch.tensor([True, False, True, True])
other = torch.zeros(3)
other += 1
x = torch.randn(4, 2)
y = x[mask]
assert y.shape == (3, 2) and mask.sum().item() == 3

kv = torch.zeros(2, dtype=torch.long)
kv += torch.tensor([5, 3])
assert kv.tolist() == [5, 3]


@torch.compile(backend="eager")
def step(x, first):
    if first:
        return x.sin()
    return x.cos() + 1


step(torch.randn(4), kv.tolist()[0] == 0)
kv2 = torch.zeros(2, dtype=torch.long)
step(torch.randn(4), kv2.tolist()[0] == 0)
step(y.sum(1), mask.tolist()[1])
