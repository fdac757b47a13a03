# Two dynamic int attributes the graph proves equal (a broadcast of sizes `a` and `b`), each plus one returned: after
# the replacement both sums are one expression, and the replacement pass makes the second output the first node
# (transformers' per-layer `cumulative_length + 1` of a sliding-window cache, returned as mask sizes).
import torch


class Counter:
    def __init__(self, n):
        self.n = n


@torch.compile(backend="eager")
def sizes(x, c0, c1):
    a = c0.n + 1
    b = c1.n + 1
    y = x.new_zeros(a) + x.new_zeros(b)
    return y, a, b


for n in (8, 9, 10):
    sizes(torch.randn(3), Counter(n), Counter(n))
