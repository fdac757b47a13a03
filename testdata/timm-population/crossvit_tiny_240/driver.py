# tparse timm population driver (our code): crossvit_tiny_240, the smallest model of timm.models.crossvit.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("crossvit_tiny_240", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 240, 240))
    cm(torch.randn(3, 3, 240, 240))
