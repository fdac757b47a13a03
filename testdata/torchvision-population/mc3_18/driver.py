# tparse torchvision population driver (our code): mc3_18 (video).
import torch
import torchvision
torch.manual_seed(0)
m = torchvision.models.get_model("mc3_18", weights=None, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 16, 112, 112))
    cm(torch.randn(3, 3, 16, 112, 112))
