# nn.Module.state_dict() called inside a compiled function (timm ModelEmaV2 / V3 zip the two state_dicts and lerp) (from timm utils/model_ema.py)
import copy
import torch
from torch import nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 4), nn.BatchNorm1d(4))
ema = copy.deepcopy(model)

def update(decay):
    with torch.no_grad():
        for ema_v, model_v in zip(ema.state_dict().values(), model.state_dict().values()):
            if ema_v.is_floating_point():
                ema_v.lerp_(model_v, 1. - decay)
            else:
                ema_v.copy_(model_v)
    return ema[0].weight.sum()

f = torch.compile(update, backend="eager")
print(round(f(0.9).item(), 4))
