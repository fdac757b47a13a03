# torch.utils.checkpoint.checkpoint(block, x) with NO use_reentrant argument inside a compiled forward in
# train mode (RepVGG's use_checkpoint path); batch 2 then 3
import torch
import torch.nn as nn
import torch.utils.checkpoint as checkpoint


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Sequential(nn.Conv2d(4, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU())
                                     for _ in range(2)])

    def forward(self, x):
        for block in self.blocks:
            x = checkpoint.checkpoint(block, x)
        return x.mean()


torch.manual_seed(0)
m = Net().train()
cm = torch.compile(m, backend="eager")
for b in (2, 3):
    cm(torch.randn(b, 4, 8, 8, requires_grad=True)).backward()
