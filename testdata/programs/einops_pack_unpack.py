# einops pack([x], '* t d') / unpack(x, ps, '* t d') around a module call (BS-RoFormer axial transformer)
import torch
from einops import pack, unpack, rearrange
torch.manual_seed(0)
lin = torch.nn.Linear(8, 8)
@torch.compile(backend="eager")
def f(x):
    x = rearrange(x, 'b t f d -> b f t d')
    x, ps = pack([x], '* t d')
    x = lin(x)
    x, = unpack(x, ps, '* t d')
    return rearrange(x, 'b f t d -> b t f d')
with torch.no_grad():
    for t in (8, 12):
        print(f(torch.randn(2, t, 3, 8)).shape)
