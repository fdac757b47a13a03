# nn.Identity returns its input unchanged, whatever it is: pytorchvideo's MultiPathWayWithFuse (SlowFast) calls an
# nn.Identity fusion module on a list of two pathway tensors.
# Torch inlines Identity.forward: no node for it.
import torch

torch.manual_seed(0)
fuse = torch.nn.Identity()
conv = torch.nn.Conv1d(2, 2, 1)


@torch.compile(backend="eager")
def f(xs):
    out = fuse([conv(xs[0]), xs[1] * 2])
    return out[0].sum(-1) + out[1].sum(-1)


with torch.no_grad():
    for b in (2, 3):
        print(tuple(f([torch.randn(b, 2, 4), torch.randn(b, 2, 8)]).shape))
