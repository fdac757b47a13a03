# tparse smoke driver (our code) for github.com/black-forest-labs/flux at 802fb47; source root: <repo>/src
import torch
from flux.model import Flux, FluxParams
torch.manual_seed(0)
p = FluxParams(in_channels=16, out_channels=16, vec_in_dim=32, context_in_dim=32, hidden_size=64, mlp_ratio=2.0,
               num_heads=4, depth=1, depth_single_blocks=1, axes_dim=[4, 6, 6], theta=10000, qkv_bias=True, guidance_embed=False)
m = Flux(p)
cm = torch.compile(m, backend="eager")
img = torch.randn(1, 16, 16); img_ids = torch.zeros(1, 16, 3)
txt = torch.randn(1, 8, 32); txt_ids = torch.zeros(1, 8, 3)
t = torch.rand(1); y = torch.randn(1, 32)
cm(img, img_ids, txt, txt_ids, t, y)
