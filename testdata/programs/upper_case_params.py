# Upper-case parameter names: a tensor X, a dynamic int N (automatic dynamic on the second call) and how the graph
# names their placeholders and locals.
import torch


@torch.compile(backend="eager")
def f(X, N, Wt):
    return X * N + Wt.sum()


for n, b in ((3, 2), (5, 4)):
    print(f(torch.randn(b, 4), n, torch.randn(4)).shape)
