# Placeholder order probe: nn.Linear and nn.LayerNorm on a frame input (F.linear(input, self.weight, self.bias)).
import torch

lin = torch.nn.Linear(4, 4)
ln = torch.nn.LayerNorm(4)


@torch.compile(backend="eager")
def f(x, y):
    return ln(y) + lin(x)


for n in (2, 3):
    f(torch.randn(n, 4), torch.randn(n, 4))
