# tparse torchvision population driver (our code): lraspp_mobilenet_v3_large (segmentation).
import torch
import torchvision
torch.manual_seed(0)
m = torchvision.models.get_model("lraspp_mobilenet_v3_large", weights=None, weights_backbone=None, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 224, 224))
    cm(torch.randn(3, 3, 224, 224))
