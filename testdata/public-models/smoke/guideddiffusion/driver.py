# tparse smoke driver (our code) for github.com/openai/guided-diffusion at 22e0df8; source root: <repo>/.
import torch
from guided_diffusion.unet import UNetModel
torch.manual_seed(0)
m = UNetModel(image_size=16, in_channels=3, model_channels=32, out_channels=3, num_res_blocks=1,
              attention_resolutions=(2,), channel_mult=(1, 2), num_heads=4)
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    for B in (2, 3):
        x = torch.randn(B, 3, 16, 16)
        t = torch.randint(0, 1000, (B,))
        cm(x, t)
