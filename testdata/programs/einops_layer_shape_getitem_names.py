# In a dynamic frame, einops' Rearrange layer reads x.shape and unpacks every dim: Dynamo makes a size() node and one getitem per dim (DCE'd later) that still use up getitem_N names: the pos slice is getitem_9, not getitem_4 (from lucidrains-style ViViT vivit.py)
import torch, torch.nn as nn
from einops import repeat
from einops.layers.torch import Rearrange
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.to_patch_embedding = nn.Sequential(Rearrange('b t c (h p1) (w p2) -> b t (h w) (p1 p2 c)', p1=8, p2=8), nn.Linear(192, 32))
        self.space_token = nn.Parameter(torch.randn(1, 1, 32))
        self.pos = nn.Parameter(torch.randn(1, 4, 17, 32))
    def forward(self, x):
        x = self.to_patch_embedding(x)   # torch: size + getitem..getitem_4 (5 dims of x)
        b, t, n, _ = x.shape             # size_1 + getitem_5..getitem_8
        cls = repeat(self.space_token, '() n d -> b t n d', b=b, t=t)
        x = torch.cat((cls, x), dim=2)
        x += self.pos[:, :, :(n + 1)]    # torch 0/1: getitem_9; tparse: getitem_4
        return x
g = torch.compile(M(), backend="eager")
for bs in (2, 3):   # the second call is the dynamic recompile
    print(g(torch.randn(bs, 4, 3, 32, 32)).shape)
