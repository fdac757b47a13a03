# reshape of a sliced parameter (pos[:, 1:], strides (136, 8, 1)) whose leading dim is 1: its stride in the result,
# in a static compile (g) and in a compile whose other input is dynamic (f, automatic dynamic on the second call).
import torch

torch.manual_seed(0)
pos = torch.nn.Parameter(torch.randn(1, 17, 8))


@torch.compile(backend="eager")
def f(x):
    p = pos[:, 1:].reshape(1, 4, 4, 8).permute(0, 3, 1, 2)
    return x + p.sum()


@torch.compile(backend="eager")
def g(x):
    p = pos[:, 1:].reshape(1, 4, 4, 8).permute(0, 3, 1, 2)
    return x * p.mean()


with torch.no_grad():
    for n in (3, 5):
        print(f(torch.randn(n)).shape, g(torch.randn(4)).shape)
