# tparse torchvision population driver (our code): fasterrcnn_mobilenet_v3_large_fpn (detection).
import torch
import torchvision
torch.manual_seed(0)
m = torchvision.models.get_model("fasterrcnn_mobilenet_v3_large_fpn", weights=None, weights_backbone=None, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm([torch.rand(3, 224, 224) for _ in range(2)])
    cm([torch.rand(3, 224, 224) for _ in range(3)])
