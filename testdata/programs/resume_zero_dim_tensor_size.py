# Longformer's _get_global_attn_indices in miniature: a 0-d tensor max computed before a nonzero break reaches the
# resume function as an input, which uses it as arange's end and as a size.
import torch


@torch.compile(backend="eager")
def indices(is_global, x):
    num = is_global.long().sum(dim=1)
    mx = num.max()
    nz = is_global.nonzero(as_tuple=True)
    local = torch.arange(mx, device=is_global.device) < num.unsqueeze(dim=-1)
    local_nz = local.nonzero(as_tuple=True)
    y = x.narrow(-1, 0, mx)
    z = x.new_zeros(x.shape[0], mx, 4)
    return mx, nz, local_nz, y, z


g = torch.zeros(2, 8, dtype=torch.bool)
g[:, 0] = True
indices(g, torch.randn(2, 8))
indices(g, torch.randn(2, 8))
