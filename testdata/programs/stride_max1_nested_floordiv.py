# contiguous strides of a dynamic size that sympy cannot prove >= 1 from symbol assumptions (((s0//2) - 1)//2 + 1, maxpool then stride-2 conv) keep Max(1, size); tparse drops the Max (from eriklindernoren/PyTorch-YOLOv3 models.py Darknet, maxpool + stride-2 conv, second image size)
import torch
import torch.nn as nn
torch.manual_seed(0)
net = nn.Sequential(nn.MaxPool2d(2, 2), nn.Conv2d(3, 4, 3, stride=2, padding=1), nn.ReLU())
net.eval()
cf = torch.compile(net, backend="eager")
with torch.no_grad():
    print(cf(torch.randn(1, 3, 64, 64)).shape)
    print(cf(torch.randn(1, 3, 96, 96)).shape)   # torch: strides like [4*Max(1, (((s0//2) - 1)//2) + 1)*Max(1, ...), Max(1, ...)*..., Max(1, ...), 1]
