# tparse smoke driver (our code) for github.com/facebookresearch/deit at 7e160fe; source root: <repo>/.
import torch
from functools import partial
from models_v2 import vit_models, Layer_scale_init_Block
torch.manual_seed(0)
m = vit_models(img_size=32, patch_size=8, num_classes=10, embed_dim=64, depth=2, num_heads=4, mlp_ratio=4,
               qkv_bias=True, norm_layer=partial(torch.nn.LayerNorm, eps=1e-6), block_layers=Layer_scale_init_Block)
m.eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 3, 32, 32))
    cm(torch.randn(3, 3, 32, 32))
