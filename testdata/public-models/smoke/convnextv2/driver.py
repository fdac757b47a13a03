# tparse smoke driver (our code) for github.com/facebookresearch/ConvNeXt-V2 at 2553895; source root: <repo>/.
import torch
from models.convnextv2 import ConvNeXtV2
torch.manual_seed(0)
m = ConvNeXtV2(in_chans=3, num_classes=10, depths=[1, 1, 1, 1], dims=[16, 32, 64, 128])
m.eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 32, 32))
    cm(torch.randn(3, 3, 32, 32))
