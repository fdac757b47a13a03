# tparse timm population driver (our code): mobilenetv5_base, the smallest model of timm.models.mobilenetv5.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("mobilenetv5_base", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 256, 256))
    cm(torch.randn(3, 3, 256, 256))
