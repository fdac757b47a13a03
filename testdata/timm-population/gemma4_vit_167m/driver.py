# tparse timm population driver (our code): gemma4_vit_167m, the smallest model of timm.models.gemma4_vit.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("gemma4_vit_167m", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 768, 768))
    cm(torch.randn(3, 3, 768, 768))
