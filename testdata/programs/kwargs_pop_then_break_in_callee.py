# A wrapper pops a key of its **kwargs and passes the rest to a function that breaks the graph (can_return_tuple): the
# frame breaks at the call, its dict changed. Real torch 2.11 hands the wrapper again for each new size (breaking at the
# call, it realizes the call's arguments as its inputs), the inner resume function too, its own resume function once.
import torch


def inner(x, y):
    torch._dynamo.graph_break()
    return x * 2 + y


@torch.compile(backend="eager")
def wrapper(**kwargs):
    flag = kwargs.pop("flag", True)
    out = inner(**kwargs)
    return out if flag else None


for n in (8, 1, 2):
    wrapper(x=torch.ones(n), y=torch.ones(n))
