# tparse torchvision population driver (our code): fasterrcnn_resnet50_fpn_v2 (detection).
import torch
import torchvision
torch.manual_seed(0)
m = torchvision.models.get_model("fasterrcnn_resnet50_fpn_v2", weights=None, weights_backbone=None, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm([torch.rand(3, 224, 224) for _ in range(2)])
    cm([torch.rand(3, 224, 224) for _ in range(3)])
