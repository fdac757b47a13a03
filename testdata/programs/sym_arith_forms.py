# More size arithmetic under automatic dynamic: a head split written with //, max / min of a size and a number,
# int() of a true division, a size to the power 0.5 as a scale, arange of a size, and a causal mask from it.
import torch


@torch.compile(backend="eager")
def heads(x, h: int = 2):
    b, n, c = x.shape
    q = x.reshape(b, n, h, c // h).transpose(1, 2)
    scale = q.shape[-1] ** -0.5
    att = (q @ q.transpose(-2, -1)) * scale
    mask = torch.ones(n, n).tril()
    att = att.masked_fill(mask == 0, float("-inf")).softmax(-1)
    return (att @ q).transpose(1, 2).reshape(b, n, c)


@torch.compile(backend="eager")
def window(x):
    n = x.shape[1]
    w = max(n // 2, 3)
    k = min(n, 5)
    half = int(n / 2)
    pos = torch.arange(n)
    return x[:, :w].sum(1) + x[:, :k].mean(1) + x[:, half:].amax(1) + pos.sum()


for n in (8, 12, 16):
    heads(torch.randn(2, n, 8))
    window(torch.randn(2, n))
