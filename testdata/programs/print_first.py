# print() as the first statement: the graph before the break is empty, so only one graph.
import torch


def f(x):
    print("starting")
    return x.relu() + 1


cf = torch.compile(f, backend="eager")
cf(torch.randn(4, 4))
