# A wrapper pops a key of its **kwargs, then calls a helper that breaks the graph and takes none of them: real torch 2.11
# realizes none of the changed dict's tensor items as inputs of the wrapper (a new size recompiles only its resume
# function), as when the frame breaks itself (program kwargs_popped_before_break_guards_items).
import torch


def inner(x, y):
    return x * 2 + y


def helper():
    torch._dynamo.graph_break()
    return True


@torch.compile(backend="eager")
def wrapper(**kwargs):
    flag = kwargs.pop("flag", True)
    ok = helper()
    return inner(**kwargs) if flag and ok else None


for n in (8, 1, 2):
    wrapper(x=torch.ones(n), y=torch.ones(n))
