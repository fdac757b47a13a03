# clip_grad_norm_ / clip_grad_value_ inside a compiled function (torch.nn.utils.clip_grad's foreach path as Dynamo
# traces it), with the backward before it outside
import torch
import torch.nn as nn
from torch.nn.utils import clip_grad_norm_, clip_grad_value_

torch.manual_seed(0)
m = nn.Sequential(nn.Linear(4, 3), nn.Tanh(), nn.Linear(3, 2))


@torch.compile(backend="eager")
def clip(model):
    n = clip_grad_norm_(model.parameters(), 1.0)
    return n * 2


@torch.compile(backend="eager")
def clip_inf(model):
    clip_grad_value_(model.parameters(), 0.5)
    return clip_grad_norm_(model.parameters(), 2.0, norm_type=float("inf"))


m(torch.randn(2, 4)).sum().backward()
print(clip(m).shape)
print(clip_inf(m).shape)
