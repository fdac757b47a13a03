# loss.backward() run eagerly after a break inside a compiled frame: Dynamo also compiles the frame typing.cast (typing.py:2154, no graph) between step [0/0] and its resume (from all train-step cases: makemore, minimind, BitNet, PatchTST, st-moe)
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Linear(4, 3)


@torch.compile(backend="eager")
def step(x):
    loss = m(x).pow(2).sum()
    loss.backward()
    return loss


print(round(step(torch.randn(2, 4)).item(), 4))
print(m.weight.grad.shape)
