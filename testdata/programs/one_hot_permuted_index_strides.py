# F.one_hot of a permuted index tensor follows the index's layout: indices [2, 2, 16] strides [1, 32, 2] -> one_hot [2, 2, 16, 4] strides [4, 128, 8, 1], not contiguous [128, 64, 4, 1] (from lucidrains/st-moe-pytorch st_moe_pytorch.py:451 TopNGating)
import torch
import torch.nn.functional as F


def f(logits):
    idx = logits.topk(2, dim=-1).indices
    idx = idx.permute(2, 0, 1)
    mask = F.one_hot(idx, 4).float()
    return mask[0] * 2


torch.manual_seed(0)
y = torch.compile(f, backend="eager")(torch.randn(2, 16, 4))
print(y.shape, y.stride())
