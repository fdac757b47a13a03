# einops.pack / unpack inside a compiled function (a class token packed with patch tokens, then split again)
import torch
from einops import pack, unpack, rearrange


@torch.compile(backend="eager")
def f(cls_tok, patches):
    x = rearrange(patches, "b c h w -> b (h w) c")
    x, ps = pack([cls_tok, x], "b * d")
    x = x * 2
    c, rest = unpack(x, ps, "b * d")
    return c * 2 + rest.mean(1)


f(torch.randn(2, 8), torch.randn(2, 8, 3, 3))
