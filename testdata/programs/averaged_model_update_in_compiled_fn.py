# torch.optim.swa_utils.AveragedModel.update_parameters (EMA multi_avg_fn) inside a compiled step: torch inlines swa_utils (torch.optim is inlined, only lr_scheduler.py is force-skipped) (from a build-nanogpt + swa_utils training loop)
import torch
from torch import nn
from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn
torch.manual_seed(0)
model = nn.Linear(4, 2)
ema = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(0.9))

def step():
    ema.update_parameters(model)
    return ema.module.weight.sum()

f = torch.compile(step, backend="eager")
for i in range(3):
    print(i, round(f().item(), 4), int(ema.n_averaged))
