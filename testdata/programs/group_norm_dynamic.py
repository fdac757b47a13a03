# Under dynamic=True nn.GroupNorm's eps is an unspecialized float graph input with one item(), as LayerNorm's
# (torchaudio's Conformer with use_group_norm=True): 13 item() nodes there, one per dropout p and norm eps.
import torch
from torch import nn

net = nn.Sequential(nn.Conv1d(8, 8, 3, padding=1), nn.GroupNorm(2, 8), nn.SiLU(), nn.Dropout(0.1))
ln = nn.LayerNorm(8)


@torch.compile(backend="eager", dynamic=True)
def f(x):
    return ln(net(x).transpose(1, 2))


net.eval()
with torch.no_grad():
    f(torch.randn(2, 8, 10))
    f(torch.randn(3, 8, 14))
