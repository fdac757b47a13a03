# tparse timm population driver (our code): csatv2, the smallest model of timm.models.csatv2.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("csatv2", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 512, 512))
    cm(torch.randn(3, 3, 512, 512))
