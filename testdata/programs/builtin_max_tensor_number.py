# Builtin max / min with a tensor: Dynamo makes max(t, n) torch.clamp(t, min=n), min(t, n) torch.clamp(t, max=n),
# max(t, u) torch.maximum (st-moe's safe_one_hot: `max(indexes.max() + 1, max_length)`); the 0-d result used as
# one_hot's num_classes is read as an int: a data-dependent break.
import torch
import torch.nn.functional as F


@torch.compile(backend="eager")
def f(indexes, x):
    max_index = indexes.max() + 1
    classes = max(max_index + 1, 4)
    low = min(x.sum(), 0.5)
    both = max(x, x * 2)
    y = x * 2 + low + both
    return F.one_hot(indexes, classes)[..., :4] + y


with torch.no_grad():
    for b in (2, 3):
        out = f(torch.randint(0, 3, (b, 5)), torch.randn(b, 5, 1))
print(out.shape)
