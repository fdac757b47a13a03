# divmod of a size inside a compiled frame: on plain ints first, then on a dynamic length (automatic dynamic)
import torch


def segments(x, n):
    q, r = divmod(x.size(1), n)
    out = x
    for i in range(q):
        out = out + i
    return out * r, q, r


cf = torch.compile(segments, backend="eager")
for length in (8, 11, 14):
    y, q, r = cf(torch.ones(2, length), 3)
    print(tuple(y.shape), q, r)
print(divmod(-7, 2), divmod(7.5, 2))
