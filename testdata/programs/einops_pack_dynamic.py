# einops.pack's packed shapes under a dynamic batch are graph values: `pack[1]` and its getitem, which unpack then
# takes (`einops_packing_unpack(t, [getitem_2], '* n d')`; MEGABYTE's pack_one / unpack_one); the packed length
# `4*s52` as sympy writes the product. The first (static) compile passes the shapes as constants.
import torch
from einops import pack, unpack


@torch.compile(backend="eager")
def f(tokens):
    t, ps = pack([tokens], '* n d')
    t = torch.cat((torch.zeros(t.shape[0], 1, t.shape[-1]), t), dim=-2) * 2
    return unpack(t, ps, '* n d')[0]


with torch.no_grad():
    for b in (2, 3):
        out = f(torch.randn(b, 4, 3, 5))
print(out.shape)
