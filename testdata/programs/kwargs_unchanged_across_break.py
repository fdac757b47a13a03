# A frame whose **kwargs dict is live across a graph break but never changed: real torch 2.11 guards none of its tensor
# items in the frame itself (the resume function reads them from their sources), so only the resume function recompiles.
import torch


def inner(x, y):
    return x * 2 + y


@torch.compile(backend="eager")
def wrapper(**kwargs):
    flag = kwargs.get("flag", True)
    torch._dynamo.graph_break()
    return inner(**kwargs) if flag else None


for n in (8, 1, 2):
    wrapper(x=torch.ones(n), y=torch.ones(n))
