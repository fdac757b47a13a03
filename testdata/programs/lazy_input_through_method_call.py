# An input passed on through a user method (forward -> self.features(x) -> nn.Sequential(conv, ...)) stays lazy: the conv weight is lifted before L_x_ (from RepLKNet replknet.py / ml-fastvit fastvit.py / MobileSAM tiny_vit_sam.py)
import torch
import torch.nn as nn
torch.manual_seed(0)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU())
        self.head = nn.Linear(4, 2)

    def features(self, x):
        return self.stem(x)

    def forward(self, x):
        x = self.features(x)
        return self.head(x.mean((2, 3)))

m = Net().eval()
f = torch.compile(m, backend="eager")
with torch.no_grad():
    print(f(torch.randn(2, 3, 8, 8)).shape)
