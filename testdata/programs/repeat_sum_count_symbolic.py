# Tensor.repeat by a SymInt count that is a sum (k + 1) on a dim of size 8: the size 8*k + 8 stays symbolic, as sympy
# distributes it (BTS local planar guidance: `self.u.repeat(b, h * r, w)`); and interpolate by a fractional scale of a
# symbolic size is TruncToInt(0.25*ToFloat(s))
import torch
torch.manual_seed(0)


class LPG(torch.nn.Module):
    def __init__(self, r):
        super().__init__()
        self.r = r
        self.u = torch.arange(r).reshape([1, 1, r]).float()
        self.v = torch.arange(r).reshape([1, r, 1]).float()

    def forward(self, x):
        p = torch.nn.functional.pad(x[:, :, ::32, ::32], (0, 1, 0, 1))  # size ((s+31)//32) + 1: a sum
        u = self.u.repeat(p.size(0), p.size(2) * self.r, p.size(3))   # dim 2: 8 * ((s1-1)//4 + 1)
        v = self.v.repeat(p.size(0), p.size(2), p.size(3) * self.r)   # dim 1: 8 * ((s0-1)//4 + 1)
        return u + v


m = torch.compile(LPG(8), backend="eager")
print(m(torch.randn(1, 4, 96, 128)).shape)   # [0/0] static
print(m(torch.randn(1, 4, 192, 256)).shape)   # [0/1] dynamic: torch u, v, add all f32[1, 8*((s0+31)//32)+8, 8*((s1+31)//32)+8]
print(m(torch.randn(1, 4, 160, 224)).shape)   # torch: hits [0/1], no recompile


@torch.compile(backend="eager")
def down(x):
    y = torch.nn.functional.interpolate(x, scale_factor=0.25, mode='nearest')
    return torch.cat([y, y * 2], dim=1)


for n in (32, 48, 40):
    print(down(torch.randn(1, 2, n, n + 8)).shape)
