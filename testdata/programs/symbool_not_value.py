# `not` of a size comparison as a value (UNARY_NOT, not a branch's jump) inside a compiled function on dynamic
# sizes, then used by a branch; and the same comparison written with the number on the left
import torch


def f(x):
    wide = not (x.shape[1] == 4)
    narrow = 4 == x.shape[1]
    out = x * 2
    if wide:
        out = out + 1
    if narrow:
        out = out - 1
    return out


cf = torch.compile(f, backend="eager")
for n in (4, 6, 8, 4):
    print(tuple(cf(torch.ones(2, n)).shape))
