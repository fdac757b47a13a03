# tparse torchvision population driver (our code): efficientnet_v2_l (classification).
import torch
import torchvision
torch.manual_seed(0)
m = torchvision.models.get_model("efficientnet_v2_l", weights=None, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 224, 224))
    cm(torch.randn(3, 3, 224, 224))
