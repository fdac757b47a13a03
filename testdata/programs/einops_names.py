# einops inside a compiled frame: rearrange / repeat / reduce are single graph nodes that keep their
# function's name when stored into a variable.
import torch
from einops import rearrange, reduce, repeat


def f(x):
    y = rearrange(x, "b (h d) n -> b h n d", h=2)
    z = repeat(y, "b h n d -> b h n d r", r=3)
    s = reduce(z, "b h n d r -> b n", "mean")
    return s + 1


cf = torch.compile(f, backend="eager")
cf(torch.randn(2, 8, 5))
