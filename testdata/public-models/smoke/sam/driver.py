# tparse smoke driver (our code) for github.com/facebookresearch/segment-anything at dca509f; source root: <repo>/.
import torch
from segment_anything.modeling.image_encoder import ImageEncoderViT
torch.manual_seed(0)
m = ImageEncoderViT(img_size=64, patch_size=16, embed_dim=64, depth=2, num_heads=4, window_size=2,
                    global_attn_indexes=(1,), out_chans=32, use_rel_pos=True)
m.eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    for B in (1, 2):
        x = torch.randn(B, 3, 64, 64)
        cm(x)
