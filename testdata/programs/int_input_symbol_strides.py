# A dynamic int argument used as a view size (automatic dynamic on the second call): the strides of the following
# elementwise results over the int's symbol.
import torch


@torch.compile(backend="eager")
def f(x, t):
    y = x.view(2, t, -1)
    return y * 2 + t


for t in (3, 5):
    print(f(torch.randn(2, t * 4), t).shape)
