# tparse smoke driver (our code) for github.com/microsoft/Swin-Transformer at f82860b; source root: <repo>/.
import torch
from models.swin_transformer import SwinTransformer
torch.manual_seed(0)
m = SwinTransformer(img_size=32, patch_size=4, in_chans=3, num_classes=10, embed_dim=32,
                    depths=[2, 2], num_heads=[2, 4], window_size=4)
m.eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 32, 32))
    cm(torch.randn(3, 3, 32, 32))
