# A branch on values of tensors made inside the compiled frame (nanoVLM's rotary embedding checks
# `position_ids.max() + 1 > max_len`): data-dependent, so the graph breaks; the eager values pick the branch
import torch


def f(x, start_pos):
    pos = torch.arange(start_pos, start_pos + x.size(1)).unsqueeze(0).expand(x.size(0), -1)
    if pos.max() + 1 > 64:
        x = x / 2
    else:
        x = x * 3
    ids = torch.tensor([1, 2])
    if ids.sum() > 5:
        return x - 1
    return x + 1


cf = torch.compile(f, backend="eager")
cf(torch.randn(2, 6, 4), 0)
cf(torch.randn(2, 6, 4), 60)
