# reshape of an empty (0-size) tensor with a dynamic dim: strides stay symbolic (16*s), not the hint value (from reformer_pytorch.py merge_dims of zero local heads)
import torch
torch.manual_seed(0)


def f(x):
    lq = x[:, 2:]                       # [2, 0, n, 16]
    return lq.reshape(0, x.shape[2], 16), x.reshape(4, x.shape[2], 16) + 1


g = torch.compile(f, backend="eager")
for n in (64, 128):
    a, b = g(torch.randn(2, 2, n, 16))
    print(a.shape, b.shape)
