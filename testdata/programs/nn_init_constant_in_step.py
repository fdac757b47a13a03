# torch.nn.init.constant_ called inside a compiled function (optimizer state init) (from jettify/pytorch-optimizer torch_optimizer/yogi.py)
import torch
import torch.nn as nn

torch.manual_seed(0)
p = torch.randn(4, 3)


@torch.compile(backend="eager")
def init_state(p):
    exp_avg = nn.init.constant_(torch.empty_like(p), 1e-3)
    exp_avg_sq = nn.init.constant_(torch.empty_like(p, memory_format=torch.preserve_format), 1e-3)
    return exp_avg * p + exp_avg_sq


print(init_state(p).sum().item())
