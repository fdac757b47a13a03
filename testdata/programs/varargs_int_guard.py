# an int reaching the compiled frame inside *args or **kwargs (a decorator wrapper's `inner(*args, **kwds)`:
# @torch.inference_mode() on denoising-diffusion-pytorch's p_sample(x, t) and sample(batch_size=b)) is guarded
# like a named int argument (real: EQUALS_MATCH L['args'][1] == 3 / L['kwargs']['n'] == 2), so a new value
# recompiles, and that recompile makes it dynamic (L['args'][1] becomes a graph input)
import torch


@torch.compile(backend="eager")
def f(*args):
    x, t = args
    return x * 0.5 + torch.full((x.shape[0],), t)[:, None] * 0.1


@torch.compile(backend="eager")
def g(x, **kwargs):
    return x.sum() + torch.ones(kwargs["n"], 2)


img = torch.randn(2, 4)
for t in (3, 2, 1):
    img = f(img, t)
for n in (2, 3, 4):
    out = g(img, n=n)
print(img.shape, out.shape)
