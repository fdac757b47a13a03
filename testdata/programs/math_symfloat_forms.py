# math functions of a dynamic length (automatic dynamic on the second call): ceil / floor of a true division,
# floor of log2, int() of sqrt, and ** 0.5, each used as a size.
import math
import torch


@torch.compile(backend="eager")
def f(x):
    n = x.shape[0]
    a = math.ceil(n / 4)
    b = math.floor(math.log2(n))
    c = int(math.sqrt(n))
    d = int(n ** 0.5)
    return x.new_zeros(a, b + 1), x[:c].sum() + x[:d].sum()


for n in (9, 17, 33):
    z, s = f(torch.randn(n))
    print(z.shape, s.shape)
