# Purpose: nerf_pl's sample_pdf `denom[denom<eps] = 1` (boolean-mask setitem = index_put_ with a bool index) and
# a follow-up searchsorted/gather. Expected in torch 2.11: no graph break (index_put_ keeps the shape); tparse
# agrees but marks it approximate. Confirms ops per graph (index_put vs setitem rendering) and no break.
import torch


@torch.compile(backend="eager")
def sample(cdf, u, bins, eps=1e-5):
    inds = torch.searchsorted(cdf, u, right=True)
    below = torch.clamp_min(inds - 1, 0)
    above = torch.clamp_max(inds, cdf.shape[-1] - 1)
    g = torch.stack([below, above], -1).view(cdf.shape[0], -1)
    cdf_g = torch.gather(cdf, 1, g).view(cdf.shape[0], -1, 2)
    bins_g = torch.gather(bins, 1, g).view(cdf.shape[0], -1, 2)
    denom = cdf_g[..., 1] - cdf_g[..., 0]
    denom[denom < eps] = 1
    return bins_g[..., 0] + (u - cdf_g[..., 0]) / denom * (bins_g[..., 1] - bins_g[..., 0])


w = torch.rand(4, 8)
cdf = torch.cat([torch.zeros(4, 1), torch.cumsum(w / w.sum(-1, keepdim=True), -1)], -1)
print(sample(cdf.contiguous(), torch.rand(4, 5), torch.linspace(0, 1, 9).expand(4, 9).contiguous()).sum())
