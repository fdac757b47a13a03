# A view input (NeRF z_vals = (...).expand([N, S])) gets symbolic sizes for its ._base too, and once dynamic
# the guards read L['z']._base.size()[0]. A later call with a NON-view tensor (torch.sort output) makes that
# guard raise, so real torch recompiles: "0/2: 'NoneType' object has no attribute 'size'".
import torch

@torch.compile(backend="eager")
def f(z, d):
    dists = z[..., 1:] - z[..., :-1]
    return dists * torch.norm(d[..., None, :], dim=-1)

def view_z(n, s):
    t = torch.linspace(0., 1., steps=s)
    return (2. * (1. - t) + 6. * t).expand([n, s])

def sorted_z(n, s):
    return torch.sort(torch.rand(n, s), -1)[0]

print(f(view_z(8, 8), torch.randn(8, 3)).shape)     # 0/0
print(f(sorted_z(8, 12), torch.randn(8, 3)).shape)  # 0/1: size mismatch at index 1
print(f(view_z(6, 8), torch.randn(6, 3)).shape)     # 0/2: size mismatch at index 0
print(f(sorted_z(6, 12), torch.randn(6, 3)).shape)  # real: 0/3 ('NoneType' ... 'size'); a cache hit without _base guards
