# Pins: builtin eval() inside a compiled forward (loratorch reads parameters by `eval(f'self.{name}')`).
# Dynamo cannot trace eval: a graph break at that call (2 graphs here), tparse keeps 1 graph with an opaque value.
import torch


class A(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.ones(3))

    def forward(self, x):
        x = x.sin()
        w = eval('self.w')
        return x * w


f = torch.compile(A(), backend="eager")
print(f(torch.ones(3)))
