# tparse timm population driver (our code): efficientformerv2_s0, the smallest model of timm.models.efficientformer_v2.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("efficientformerv2_s0", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 224, 224))
    cm(torch.randn(3, 3, 224, 224))
