# print() in the middle of a compiled function: one CALL-type graph break, two graphs.
import torch


def f(x):
    y = x.relu() * 2
    print("halfway there")
    return y + 1


cf = torch.compile(f, backend="eager")
cf(torch.randn(4, 4))
