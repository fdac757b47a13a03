# Automatic dynamic records an int argument only when the frame reads it (VariableBuilder wraps it then): render(H, W,
# rays=...) never reads H and W while rays are given, so the first call that does read them (another size, under
# no_grad: a recompile for the grad mode) compiles them static, and only the next size makes them dynamic
# (from NeRF's render: training on rays, then full images at two resolutions)
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def render(H, W, rays=None):
    if rays is None:
        rays = torch.stack(torch.meshgrid(torch.linspace(0, W - 1, W), torch.linspace(0, H - 1, H), indexing="xy"), -1)
    return rays.reshape(-1, 2).sum(-1)


for n in (16, 24):
    print(render(16, 16, torch.randn(n, 2)).shape)
with torch.no_grad():
    for h in (8, 4, 2):
        print(render(h, h).shape)
