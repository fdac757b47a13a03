# dtype=bool (the Python builtin) in Tensor.new_ones is torch.bool: real torch 2.11 prints the graph node as
# `s.new_ones(4, 2, dtype = torch.bool)` (DeepSeek-V3 Gate with n_expert_groups > 1)
import torch
@torch.compile(backend="eager")
def f(s, idx):
    mask = s.new_ones(s.size(0), 2, dtype=bool).scatter_(1, idx, False)
    return s.masked_fill(mask.unsqueeze(-1), float("-inf")).flatten(1)
for n in (4, 6):
    out = f(torch.randn(n, 2, 3), torch.zeros(n, 1, dtype=torch.long))
print(out.dtype)
