# tparse torchvision population driver (our code): mvit_v2_s (video).
import torch
import torchvision
torch.manual_seed(0)
m = torchvision.models.get_model("mvit_v2_s", weights=None, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 16, 224, 224))
    cm(torch.randn(3, 3, 16, 224, 224))
