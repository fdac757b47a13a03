# InstanceNorm's _apply_instance_norm reads `self.training or not self.track_running_stats`: training is guarded (and
# track_running_stats when training is False), so .eval() recompiles even with identical graphs (UGATIT's generators)
import torch
import torch.nn as nn
torch.manual_seed(0)


class G(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)
        self.norm = nn.InstanceNorm2d(4)
        self.norm2 = nn.InstanceNorm2d(4, affine=True, track_running_stats=True)

    def forward(self, x):
        return torch.relu(self.norm2(self.norm(self.conv(x))))


g = torch.compile(G(), backend="eager")
x = torch.randn(1, 3, 8, 8)
print(g(x).shape)
g.eval()
print(g(x).shape)
g.train()
print(g(x).shape)
