# a graph break inside `with torch.no_grad():` of a compiled function (Rainbow's Agent.act: `.item()` inside no_grad):
# the partial graph before the break restores the grad mode before it returns, the resume re-enters no_grad
import torch
import torch.nn as nn

m = nn.Linear(4, 3)


@torch.compile(backend="eager")
def act(s):
    with torch.no_grad():
        return (m(s.unsqueeze(0)) * 2).argmax(1).item()


@torch.compile(backend="eager")
def evaluate(s):
    with torch.no_grad():
        q = m(s) * 2
        n = int(q.argmax())
        return q + n * 0  # (n: the argmax of random data; its value is the run's)


print(act(torch.randn(4)))
print(evaluate(torch.randn(4)).shape)
