# tparse smoke driver (our code) for github.com/facebookresearch/dinov2 at b8931f7; source root: <repo>/.
import torch
from functools import partial
from dinov2.layers import MemEffAttention, NestedTensorBlock
from dinov2.models.vision_transformer import DinoVisionTransformer
torch.manual_seed(0)
m = DinoVisionTransformer(img_size=32, patch_size=8, embed_dim=64, depth=2, num_heads=4, mlp_ratio=4,
                          block_fn=partial(NestedTensorBlock, attn_class=MemEffAttention), block_chunks=0)
m.eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    for B in (1, 2):
        x = torch.randn(B, 3, 32, 32)
        cm(x)
