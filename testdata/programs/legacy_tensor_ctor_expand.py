# torch.Tensor([1e10]) (legacy constructor) expanded to a slice's shape inside a compiled function (NeRF raw2outputs).
import torch

@torch.compile(backend="eager")
def f(z, d):
    dists = z[..., 1:] - z[..., :-1]
    dists = torch.cat([dists, torch.Tensor([1e10]).expand(dists[..., :1].shape)], -1)
    w = torch.cumprod(torch.cat([torch.ones((z.shape[0], 1)), 1. - dists + 1e-10], -1), -1)[:, :-1]
    return dists * torch.norm(d[..., None, :], dim=-1) + w

print(f(torch.rand(4, 8), torch.randn(4, 3)).shape)
print(f(torch.rand(6, 8), torch.randn(6, 3)).shape)
