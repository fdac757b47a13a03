# tparse torchvision population driver (our code): squeezenet1_1 (classification).
import torch
import torchvision
torch.manual_seed(0)
m = torchvision.models.get_model("squeezenet1_1", weights=None, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 224, 224))
    cm(torch.randn(3, 3, 224, 224))
