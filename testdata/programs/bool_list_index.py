# A Python list of bools as an index is a boolean mask over the first dim (loralib's MergedLinear builds its
# lora_ind this way), eagerly and inside a compiled frame
import torch

ind = torch.zeros(6, dtype=torch.bool).view(3, -1)
ind[[True, False, True], :] = True
assert ind.view(-1).shape == (6,) and ind.dtype == torch.bool
assert torch.randn(3, 4)[[True, False, True]].shape == (2, 4)


@torch.compile(backend="eager")
def f(x):
    return x[[True, False, True]] * 2


f(torch.randn(3, 4))
