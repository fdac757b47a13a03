# zero_grad(set_to_none=True) inside a compiled fn guards `p.grad is None`; the 2nd call (grads set by backward) recompiles [0/1] (from karpathy/makemore makemore.py train step)
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Linear(4, 3)


@torch.compile(backend="eager")
def step(x):
    m.zero_grad(set_to_none=True)
    return m(x).pow(2).sum()


x = torch.randn(2, 4)
for _ in range(2):
    loss = step(x)
    loss.backward()
    print(round(loss.item(), 4))
