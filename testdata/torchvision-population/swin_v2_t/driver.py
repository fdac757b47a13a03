# tparse torchvision population driver (our code): swin_v2_t (classification).
import torch
import torchvision
torch.manual_seed(0)
m = torchvision.models.get_model("swin_v2_t", weights=None, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 224, 224))
    cm(torch.randn(3, 3, 224, 224))
