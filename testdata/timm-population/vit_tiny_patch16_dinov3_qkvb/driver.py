# tparse timm population driver (our code): vit_tiny_patch16_dinov3_qkvb, the smallest model of timm.models.eva.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("vit_tiny_patch16_dinov3_qkvb", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 256, 256))
    cm(torch.randn(3, 3, 256, 256))
