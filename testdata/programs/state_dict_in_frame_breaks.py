# nn.Module.state_dict() traced by Dynamo does `destination._metadata = OrderedDict()`: setattr on an OrderedDict is unsupported -> graph break GB0059 "Failed to trace builtin operator `setattr` with argument types ['OrderedDict', 'str', 'OrderedDict']" at torch/nn/modules/module.py:2259 (from pytorch-image-models timm/utils/model_ema.py ModelEmaV3.apply_update_)
import torch
from torch import nn

model = nn.Sequential(nn.Linear(4, 4), nn.BatchNorm1d(4))
ema = nn.Sequential(nn.Linear(4, 4), nn.BatchNorm1d(4))

def update(x):
    y = x * 2
    with torch.no_grad():
        for e, m in zip(ema.state_dict().values(), model.state_dict().values()):
            if e.is_floating_point():
                e.lerp_(m, 0.1)
    return y

g = torch.compile(update, backend="eager")
print(g(torch.ones(2, 4)))
print(ema[0].weight.sum().item() != 0)
