# Optimizer.zero_grad reads self.defaults: a torch.optim.Optimizer subclass that never calls super().__init__ raises AttributeError from zero_grad (run eagerly after GB0008) (from alphadl/lookahead.pytorch lookahead.py)
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
m = nn.Linear(8, 4)


class Wrapper(torch.optim.Optimizer):
    def __init__(self, optimizer):
        self.optimizer = optimizer
        self.param_groups = optimizer.param_groups
        self.state = {}

    def step(self, closure=None):
        return self.optimizer.step(closure)


opt = Wrapper(torch.optim.SGD(m.parameters(), lr=0.1))


@torch.compile(backend="eager")
def step(x, y):
    loss = F.cross_entropy(m(x), y)
    loss.backward()
    opt.step()
    opt.zero_grad()
    return loss


try:
    print(round(step(torch.randn(5, 8), torch.randint(0, 4, (5,))).item(), 4))
except AttributeError as e:
    print("AttributeError:", e)
