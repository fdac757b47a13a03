# torch.masked_select(x, mask) in its function form, run eagerly on known data: as many elements as the mask selects
# (not as x has nonzero entries), so the compiled function sees torch's sizes (from SHA-RNN's split cross-entropy,
# `torch.masked_select(targets, mask == idx)` per split)
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(t):
    return t.float().mean() + t.shape[0]


targets = torch.tensor([5, 31, 7, 40, 2, 33, 1, 8])
mask = targets >= 30
for idx in range(2):
    sel = torch.masked_select(targets, mask == idx)
    print(sel.shape, f(sel).item() > 0)
