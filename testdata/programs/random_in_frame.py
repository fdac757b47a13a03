# `from random import random` called inside the compiled frame (denoising-diffusion-pytorch's self-conditioning
# coin flip `if self.self_condition and random() < 0.5:` under torch.no_grad() inside p_losses)
import random as pyrandom
from random import random
import torch

pyrandom.seed(0)


@torch.compile(backend="eager")
def f(x):
    y = x.sin()
    cond = None
    if random() < 0.5:
        with torch.no_grad():
            cond = y.detach() * 2
    return y + (cond if cond is not None else 0)


for n in (2, 3, 4):
    out = f(torch.randn(n, 4))
print(out.shape)
