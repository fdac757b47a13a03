# Parameters iterated through `filter(lambda p: p.grad is not None, params)`: the get_attr nodes are named after the loop variable (`p`, `p_1`), and filter is lazy, so each grad placeholder comes right before that param's state (from lucidrains/lion-pytorch lion_pytorch.py, adam-atan2-pytorch) [under torch.no_grad(), as optimizers step]
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
m = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
opt = torch.optim.SGD(m.parameters(), lr=0.1)
state = {p: torch.zeros_like(p) for p in m.parameters()}
F.cross_entropy(m(torch.randn(5, 8)), torch.randint(0, 4, (5,))).backward()


@torch.compile(backend="eager")
@torch.no_grad()
def step():
    for group in opt.param_groups:
        for p in filter(lambda p: p.grad is not None, group["params"]):
            buf = state[p]
            buf.mul_(0.9).add_(p.grad)
            p.add_(buf.sign(), alpha=-0.01)


step()
print(round(m[0].weight.sum().item(), 4))
