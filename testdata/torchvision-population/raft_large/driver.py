# tparse torchvision population driver (our code): raft_large (optical_flow).
import torch
import torchvision
torch.manual_seed(0)
m = torchvision.models.get_model("raft_large", weights=None).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 128, 128), torch.randn(2, 3, 128, 128))
    cm(torch.randn(3, 3, 128, 128), torch.randn(3, 3, 128, 128))
