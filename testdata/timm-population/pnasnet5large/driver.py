# tparse timm population driver (our code): pnasnet5large, the smallest model of timm.models.pnasnet.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("pnasnet5large", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 331, 331))
    cm(torch.randn(3, 3, 331, 331))
