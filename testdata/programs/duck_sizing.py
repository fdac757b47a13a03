# torch.compile(dynamic=True): sizes with equal values share one symbol (duck sizing), across dims and across
# inputs; a later call where they differ fails the equality guard and recompiles
import torch


def f(x, y):
    H, W = x.shape[-2], x.shape[-1]
    a = H * 2
    b = W * 2
    return (x * y).sum() * a + b


cf = torch.compile(f, backend="eager", dynamic=True)
cf(torch.randn(2, 3, 4, 4), torch.randn(4))
cf(torch.randn(3, 3, 6, 6), torch.randn(6))
cf(torch.randn(3, 3, 6, 7), torch.randn(7))
