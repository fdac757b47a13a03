# tparse timm population driver (our code): tiny_vit_5m_224, the smallest model of timm.models.tiny_vit.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("tiny_vit_5m_224", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 224, 224))
    cm(torch.randn(3, 3, 224, 224))
