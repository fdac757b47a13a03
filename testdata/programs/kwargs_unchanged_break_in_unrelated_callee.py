# A wrapper whose **kwargs dict is never changed calls a helper that breaks the graph and takes none of its items: real
# torch 2.11 guards none of them in the wrapper, so a new size recompiles only the wrapper's resume function.
import torch


def inner(x, y):
    return x * 2 + y


def helper():
    torch._dynamo.graph_break()
    return True


@torch.compile(backend="eager")
def wrapper(**kwargs):
    flag = kwargs.get("flag", True)
    ok = helper()
    return inner(**kwargs) if flag and ok else None


for n in (8, 1, 2):
    wrapper(x=torch.ones(n), y=torch.ones(n))
