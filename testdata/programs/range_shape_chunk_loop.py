# Purpose: nerf_pl's chunked inference `for i in range(0, B, chunk)` where B = x.shape[0] * k. The first call is
# static; on the second size automatic dynamic makes B symbolic and range() must specialize it (guard_if_dyn),
# so the graph is static again (tparse: f32[48, 8] input, no Sym). Check recompiles, input shapes and op counts.
import torch

lin = torch.nn.Linear(3, 4)


@torch.compile(backend="eager")
def render(rays, n_samples, chunk):
    pts = (rays[:, None, :3] * torch.linspace(0, 1, n_samples)[None, :, None]).reshape(-1, 3)
    B = pts.shape[0]
    out = []
    for i in range(0, B, chunk):
        out += [lin(pts[i:i + chunk])]
    return torch.cat(out, 0).view(rays.shape[0], n_samples, 4).sum(1)


for n in (32, 32, 48, 24):
    print(n, tuple(render(torch.randn(n, 8), 16, 200).shape))
