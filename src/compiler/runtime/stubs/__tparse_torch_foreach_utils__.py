# torch/utils/_foreach_utils.py (torch 2.11), Python of ours: _group_tensors_by_device_and_dtype, which swa_utils'
# AveragedModel groups its parameter pairs with. A torch file Dynamo inlines (MOD_INLINELIST) and never converts as a
# frame of its own (SKIP_DIRS): the `__tparse_torch` prefix makes it so here.
import torch


@torch.no_grad()
def _group_tensors_by_device_and_dtype(tensorlistlist, with_indices=False):
    # {(device, dtype): ([list of each tensorlist's tensors], [their indices])}, in first-seen order; every tensor
    # here is on the CPU
    groups = {}
    for i, t in enumerate(tensorlistlist[0]):
        key = (t.device, t.dtype)
        if key not in groups:
            groups[key] = ([[] for _ in tensorlistlist], [])
        for k, tl in enumerate(tensorlistlist):
            groups[key][0][k].append(tl[i])
        groups[key][1].append(i)
    return groups
