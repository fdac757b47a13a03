# A write into a tensor some elements of which share one memory location (an expand's stride 0) is an error, eager
# and in a compiled frame alike: at::assert_no_internal_overlap (from PointNetLK's
# `a0 = torch.eye(4).view(1, 4, 4).expand(B, 4, 4); a0[:, 0:3, 3] = p0_m`); a clone first is fine
import torch


def place(p):
    a = torch.eye(4).view(1, 4, 4).expand(p.size(0), 4, 4)
    a[:, 0:3, 3] = p
    return a


def place_clone(p):
    a = torch.eye(4).view(1, 4, 4).expand(p.size(0), 4, 4).clone()
    a[:, 0:3, 3] = p
    return a


def scale(p):
    a = torch.ones(1, 3).expand(p.size(0), 3)
    a.mul_(p)
    return a


p = torch.randn(2, 3)
for fn in (place, scale):
    for f in (fn, torch.compile(fn, backend="eager")):
        try:
            print(f(p).shape)
        except Exception as e:
            print(type(e).__name__, str(e).splitlines()[0][:80])
print(torch.compile(place_clone, backend="eager")(p).sum().item() != 0)
