# tparse smoke driver (our code) for github.com/lucidrains/vit-pytorch at 69d24fe; source root: <repo>/.
import torch
from vit_pytorch import ViT
torch.manual_seed(0)
m = ViT(image_size=32, patch_size=8, num_classes=10, dim=64, depth=2, heads=4, dim_head=16, mlp_dim=128)
m.eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    for B in (2, 3):
        img = torch.randn(B, 3, 32, 32)
        out = cm(img)
