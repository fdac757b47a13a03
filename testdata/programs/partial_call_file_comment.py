# calling a functools.partial of a torch function: torch's graph "# File:" comment names the user call site; tparse names functools.py:37 __call__ (from ajbrock/BigGAN-PyTorch layers.py GBlock upsample)
import functools
import torch
import torch.nn.functional as F

torch.manual_seed(0)
up = functools.partial(F.interpolate, scale_factor=2)


def f(h, x):
    h = up(h)
    x = up(x)
    return h + x


g = torch.compile(f, backend="eager")
print(g(torch.randn(1, 2, 4, 4), torch.randn(1, 2, 4, 4)).shape)
