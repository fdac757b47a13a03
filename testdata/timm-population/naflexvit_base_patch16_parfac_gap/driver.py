# tparse timm population driver (our code): naflexvit_base_patch16_parfac_gap, the smallest model of timm.models.naflexvit.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("naflexvit_base_patch16_parfac_gap", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 384, 384))
    cm(torch.randn(3, 3, 384, 384))
