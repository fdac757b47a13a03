# tparse timm population driver (our code): inception_v3, the smallest model of timm.models.inception_v3.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("inception_v3", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 299, 299))
    cm(torch.randn(3, 3, 299, 299))
