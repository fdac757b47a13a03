# tparse smoke driver (our code) for github.com/openai/CLIP at d05afc4; source root: <repo>/.
import torch
from clip.model import CLIP
torch.manual_seed(0)
m = CLIP(embed_dim=32, image_resolution=32, vision_layers=2, vision_width=64, vision_patch_size=8,
         context_length=16, vocab_size=256, transformer_width=64, transformer_heads=4, transformer_layers=2)
cm = torch.compile(m, backend="eager")
img = torch.randn(2, 3, 32, 32)
txt = torch.randint(0, 256, (2, 16))
cm(img, txt)
