# A graph break (print) inside a try/finally in a compiled function.
import torch


def f(x):
    y = x.relu()
    try:
        print("inside try")
        y = y * 2
    finally:
        y = y + 1
    return y.sum()


cf = torch.compile(f, backend="eager")
cf(torch.randn(4, 4))
