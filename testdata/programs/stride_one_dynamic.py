# A frame called alternately with a permuted (stride 1 in dim 1) and a contiguous (stride T in dim 1) tensor, then at
# a new length (waveglow's Invertible1x1Conv: one flow gets audio.unfold(...).permute(0, 2, 1), the next a cat): the
# strides that changed become dynamic, but a stride of 1 stays the number, so the size-dynamic entry compiled for the
# permuted layout still guards `stride()[1] == 1` and the contiguous call recompiles (4 graphs, 3 recompiles).
import torch

w = torch.randn(4, 4, 1)


def f(z):
    return torch.nn.functional.conv1d(z, w) * z.size(0) * z.size(2)


cf = torch.compile(f, backend="eager")
for T in (256, 320):
    a = torch.randn(2, T, 4).permute(0, 2, 1)
    b = torch.randn(2, 4, T)
    cf(a)
    cf(b)
