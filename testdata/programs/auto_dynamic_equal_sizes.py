# Automatic dynamic with two inputs whose sizes are equal on the recompile (3 and 6 in both), never combined by an op:
# do they share one symbol (duck sizing) or get one each?
import torch


@torch.compile(backend="eager")
def f(a, b):
    return a.sum(0) * 2, b.mean(1) + 1


for n, m in ((2, 4), (3, 6), (5, 7)):
    print([t.shape for t in f(torch.randn(n, m), torch.randn(n, m))])
