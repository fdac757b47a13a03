# a mask built in eager from arange < tensor(lens) has known values; torch's masked_select break resumes with 10 selected rows, ours takes every entry as selected (12) (from PixArt-alpha diffusion/model/nets/PixArt.py caption mask)
import torch
torch.manual_seed(0)

def f(y, mask):
    y = y.masked_select(mask.unsqueeze(-1) != 0).view(1, -1, 8)
    return y * 2

g = torch.compile(f, backend="eager")
mask = (torch.arange(6)[None] < torch.tensor((4, 6))[:, None]).long()
print(g(torch.randn(2, 6, 8), mask).shape)
