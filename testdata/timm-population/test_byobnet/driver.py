# tparse timm population driver (our code): test_byobnet, the smallest model of timm.models.byobnet.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("test_byobnet", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 160, 160))
    cm(torch.randn(3, 3, 160, 160))
