# torch.nn.DataParallel without CUDA keeps no devices (device_ids == []) and its forward calls the wrapped module
# itself: inlined in a frame, the graph's parameters are the inner module's (`net.module.0.weight`); `.module` and
# state_dict keys say the same eagerly (muzero-general wraps its networks in it). Run with CUDA hidden.
import torch
from torch import nn

torch.manual_seed(0)
net = nn.DataParallel(nn.Sequential(nn.Linear(4, 8), nn.ELU(), nn.Linear(8, 3)))
print(type(net.module).__name__, net.device_ids, sorted(net.state_dict())[:2])


@torch.compile(backend="eager")
def f(x):
    y = net(x)
    lo = y.min(1, keepdim=True)[0]
    return (y - lo) / (y.max(1, keepdim=True)[0] - lo)


with torch.no_grad():
    for b in (2, 3):
        print(f(torch.randn(b, 4)).shape)
