# tparse timm population driver (our code): cs3darknet_focus_s, the smallest model of timm.models.cspnet.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("cs3darknet_focus_s", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 256, 256))
    cm(torch.randn(3, 3, 256, 256))
