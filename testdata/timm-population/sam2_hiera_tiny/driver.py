# tparse timm population driver (our code): sam2_hiera_tiny, the smallest model of timm.models.hieradet_sam2.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("sam2_hiera_tiny", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 896, 896))
    cm(torch.randn(3, 3, 896, 896))
