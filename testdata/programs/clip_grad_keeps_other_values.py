# clip_grad_norm_ scales the gradients in place with torch._foreach_mul_: only those tensors are written, so data the
# program made earlier keeps its known values, and a boolean mask of it counts as torch counts (from SHA-RNN's
# training loop: clip_grad_norm_ each step, then the split cross-entropy's masked_select of its targets)
import torch
import torch.nn as nn

torch.manual_seed(0)
labels = [torch.tensor([1, 0, 1, 1, 0]) > 0, torch.tensor([1, 1, 1, 0, 1]) > 0]
m = nn.Linear(3, 1)


@torch.compile(backend="eager")
def f(x, lab):
    h = x * 2
    sel = h[lab]         # a data-dependent size: the break, then the rest as a resume function
    return sel.sum(0) + 1


for step in range(2):
    m(torch.randn(5, 3)).sum().backward()
    torch.nn.utils.clip_grad_norm_(m.parameters(), 0.1)
    print(f(torch.randn(5, 3), labels[step]).shape)
