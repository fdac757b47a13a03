# GeM pooling `avg_pool2d(x.clamp(min=eps).pow(p), (x.size(-2), x.size(-1))).pow(1./p)` then squeeze(-1).squeeze(-1)
# on a dynamic feature map: the kernel's sizes are guarded to their values, and at a small input scale a stride-32
# conv output is 1 high, which the batch norm after it takes as 1 (a guard `Eq(expr, 1)`, no size nodes from there)
# (from filipradenovic's cnnimageretrieval-pytorch ImageRetrievalNet, multi-scale extract_ms)
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, stride=32, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.p = nn.Parameter(torch.ones(1) * 3)
        self.whiten = nn.Linear(8, 8)

    def forward(self, x):
        o = self.bn(self.conv(x)).relu()
        o = F.avg_pool2d(o.clamp(min=1e-6).pow(self.p), (o.size(-2), o.size(-1))).pow(1. / self.p)
        o = o.squeeze(-1).squeeze(-1)
        return self.whiten(o)


net = Net().eval()
f = torch.compile(net, backend="eager")
with torch.no_grad():
    for s in (64, 96, 40, 30, 90):
        print(s, round(f(torch.randn(1, 3, s, s)).sum().item(), 4))
