# einops repeat 'n d -> b n d' with a symbolic b still gives a stride-0 expand: f32[s0, 5, 4][0, 4, 1] (from lucidrains/tab-transformer-pytorch)
import torch
from einops import repeat

torch.manual_seed(0)
p = torch.nn.Parameter(torch.randn(5, 4))


@torch.compile(backend="eager")
def f(x):
    e = repeat(p, "n d -> b n d", b=x.shape[0])
    return torch.cat((x, e), dim=-1)


print(f(torch.randn(2, 5, 3)).shape)
print(f(torch.randn(3, 5, 3)).shape)
