# with torch.no_grad() inside the compiled function: still one graph.
import torch


def f(x, w):
    with torch.no_grad():
        y = x @ w
    return y.relu()


cf = torch.compile(f, backend="eager")
cf(torch.randn(4, 8), torch.randn(8, 8))
