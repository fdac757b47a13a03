# set.union(*list_of_sets) (the unbound method of the builtin type set, star-args) inside a compiled frame (from graphsage-simple graphsage/aggregators.py)
import torch

torch.manual_seed(0)
neighs = [{1, 2}, {2, 3}, {5}]


@torch.compile(backend="eager")
def f(x):
    unique = list(set.union(*neighs))
    index = {n: i for i, n in enumerate(unique)}
    cols = [index[n] for s in neighs for n in s]
    return x * len(unique) + len(cols)


print(f(torch.randn(3)))
