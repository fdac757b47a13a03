# A dict display of constant keys broken inside one value: CPython 3.12 builds it with BUILD_CONST_KEY_MAP, so only
# the values are on the stack below the call and the resume function's ___stack0 is the first value (its graph input
# L_stack0_); a display with a computed key keeps key / value pairs on the stack (BUILD_MAP).
import torch


def g(x):
    torch._dynamo.graph_break()
    return x - 1


@torch.compile(backend="eager")
def f(x, k):
    out = {"a": x * 2, "b": g(x), "c": 3}
    mixed = {k: x + 1, "d": g(x)}
    return out["a"] + out["b"] * out["c"] + mixed[k] * mixed["d"]


print(f(torch.randn(4), "key").shape)
print(f(torch.randn(6), "key").shape)
