# torch.div of two Python ints in a compiled frame is a node of those constants whose FakeTensor is a constant: a view
# and new_zeros take it (and `c + 1` of it) as a size without a data-dependent break (transformers' Longformer chunks)
import torch


@torch.compile(backend="eager")
def f(q):
    n = q.size(1)
    d = torch.div(n, 256, rounding_mode="trunc")
    c = d - 1
    h = q.view(q.size(0), d, 256, q.size(2))
    z = h.new_zeros((2, c + 1, 3))
    s = h.as_strided(size=(2, c + 1, 4), stride=(2048, 1024, 1))
    return h.sum() + z.sum() + s.sum()


print(f(torch.randn(2, 512, 4)).shape)
print(f(torch.randn(2, 768, 4)).shape)
