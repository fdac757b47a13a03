# A cache's length attribute becomes dynamic on the second call (0, then 8) while the cache's keys first arrive then
# (static): a mask of `n + 1` elements broadcast against the grown keys' 9 solves Eq(s + 1, 9) for the symbol, which is
# specialized; the later `c.n += 1` of the same expression, a number now, is an `add` node of its own (the
# replacement pass folds only symbolic expressions onto an earlier node), returned for the attribute's new value.
import torch


class Cache:
    def __init__(self):
        self.n = 0
        self.keys = None


def step(x, c):
    kv = c.n + 1
    mask = torch.ones(kv)
    if c.keys is None:
        c.keys = x
    else:
        c.keys = torch.cat([c.keys, x])
    y = c.keys * mask
    c.n += x.shape[0]
    return y.sum(), c.n


c = Cache()
f = torch.compile(step, backend="eager")
f(torch.ones(1), c)
c.n = 8
c.keys = torch.ones(8)
f(torch.ones(1), c)
f(torch.ones(1), c)
