# Four tensor arguments whose sizes all change on the second call: automatic dynamic shapes give
# each changed dim its own symbol (names beyond s77/s27/s53).
import torch


def f(a, b, c, d):
    return (a.sum() + b.sum()) * c.mean() - d.max()


cf = torch.compile(f, backend="eager")
cf(torch.randn(2, 3), torch.randn(4), torch.randn(5, 6), torch.randn(7))
cf(torch.randn(3, 4), torch.randn(5), torch.randn(6, 7), torch.randn(8))
