# tparse timm population driver (our code): ghostnet_050, the smallest model of timm.models.ghostnet.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("ghostnet_050", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 224, 224))
    cm(torch.randn(3, 3, 224, 224))
