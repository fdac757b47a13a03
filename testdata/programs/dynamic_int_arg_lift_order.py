# Two int arguments that turn dynamic on the second call (NeRF render(H, W, K, c2w) -> get_rays(H, W, K, c2w),
# whose first op uses W). Real torch's second graph lists L_c2w_, L_H_, L_W_ (H before W: argument order of the
# inlined call); tparse lists them by first use: L_c2w_, L_W_, L_H_.
import torch

def get_rays(H, W, c2w):
    i, j = torch.meshgrid(torch.linspace(0, W - 1, W), torch.linspace(0, H - 1, H), indexing="ij")
    dirs = torch.stack([i.t() / 10., -j.t() / 10., -torch.ones_like(i.t())], -1)
    return torch.sum(dirs[..., None, :] * c2w[:3, :3], -1)

@torch.compile(backend="eager")
def render(H, W, c2w=None):
    if c2w is not None:
        rays_d = get_rays(H, W, c2w)
    return rays_d.reshape(-1, 3)

c2w = torch.eye(4)[:3, :4]
print(render(8, 8, c2w=c2w).shape)
print(render(6, 10, c2w=c2w).shape)
