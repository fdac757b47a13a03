# *args / **kwargs forwarding, lambdas, conditional expressions, f-strings: one graph.
import torch
import torch.nn as nn


class Scale(nn.Module):
    def __init__(self, factor):
        super().__init__()
        self.factor = factor
        self.name = f"scale_{factor}"

    def forward(self, x, bias=0.0, **kwargs):
        act = kwargs.get("act", None)
        y = x * self.factor + bias
        return act(y) if act is not None else y


def run(m, *args, **kwargs):
    return m(*args, **kwargs)


def f(x):
    m = Scale(3)
    sq = lambda t: t * t
    return run(m, x, bias=1.0, act=torch.tanh) + sq(x)


cf = torch.compile(f, backend="eager")
cf(torch.randn(4, 4))
