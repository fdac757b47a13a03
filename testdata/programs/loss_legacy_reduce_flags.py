# The losses' legacy size_average / reduce flags (JEM's `nn.CrossEntropyLoss(reduce=False)`, IBM seq2seq's
# `NLLLoss(size_average=False)`): given, they become the reduction (_Reduction.legacy_get_string: reduce=False
# "none", size_average=False "sum"), for the modules and for F's functions, eagerly and in a compiled frame
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.simplefilter("ignore")
x = torch.randn(4, 3)
y = torch.tensor([0, 1, 2, 1])
per_sample = nn.CrossEntropyLoss(reduce=False)
summed = nn.NLLLoss(size_average=False)
print(per_sample.reduction, summed.reduction, nn.MSELoss(size_average=False, reduce=False).reduction)


@torch.compile(backend="eager")
def losses(x, y):
    a = per_sample(x, y)
    b = summed(F.log_softmax(x, 1), y)
    c = F.mse_loss(x, x * 2, size_average=False)
    d = F.cross_entropy(x, y, reduce=False)
    return a.shape, b.shape, c.shape, d.shape, a.sum() + b + c + d.sum()


r = losses(x, y)
print(r[:4], round(r[4].item(), 3))
