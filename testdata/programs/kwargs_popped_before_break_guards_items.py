# A frame that pops a key of its **kwargs and then breaks the graph hands the changed dict to its resume function. Real
# torch 2.11 guards none of the dict's tensor items in the frame itself: a new size recompiles only the resume function
# (the frame is handed once). Pinned because transformers' capture_outputs wrapper pops return_dict the same way and torch
# does hand that wrapper again on generate's first step: the reason lies elsewhere.
import torch


def inner(x, y):
    return x * 2 + y


@torch.compile(backend="eager")
def wrapper(**kwargs):
    flag = kwargs.pop("flag", True)
    torch._dynamo.graph_break()
    return inner(**kwargs) if flag else None


for n in (8, 1, 2):
    wrapper(x=torch.ones(n), y=torch.ones(n))
