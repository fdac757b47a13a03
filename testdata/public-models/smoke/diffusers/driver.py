# tparse smoke driver (our code) for github.com/huggingface/diffusers at 58eb52c; source root: <repo>/src.
import torch
from diffusers import UNet2DModel
torch.manual_seed(0)
m = UNet2DModel(sample_size=16, in_channels=3, out_channels=3, layers_per_block=1, block_out_channels=(32, 64),
                down_block_types=("DownBlock2D", "AttnDownBlock2D"), up_block_types=("AttnUpBlock2D", "UpBlock2D"),
                norm_num_groups=8, attention_head_dim=8)
m.eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    for b in (2, 3):
        cm(torch.randn(b, 3, 16, 16), torch.tensor([10] * b))
