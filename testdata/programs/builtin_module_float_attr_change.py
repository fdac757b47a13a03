# A built-in module's float attribute is a guarded constant where torch's forward reads it; a change recompiles,
# then automatic dynamic unspecializes it, and an aten float parameter (batch_norm's momentum, dropout's p)
# specializes it again, one item() per module (from timgaripov/swa's bn_update: momentum = b / (n + b) per batch)
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU(), nn.Dropout(0.25), nn.Conv2d(4, 4, 1), nn.BatchNorm2d(4))
f = torch.compile(m, backend="eager")
x = torch.randn(4, 3, 8, 8)
print(f(x).shape)
n = 0
for b in (4, 4, 4):
    for mod in m.modules():
        if isinstance(mod, nn.modules.batchnorm._BatchNorm):
            mod.momentum = b / (n + b)
    print(round(f(x).sum().item(), 3))
    n += b
m[3].p = 0.5
print(f(x).shape)
m.eval()
m[1].eps = 1e-3
print(round(f(x).sum().item(), 3))
