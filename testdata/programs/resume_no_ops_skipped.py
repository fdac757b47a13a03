# a resume function (after a graph break) that traced no ops is skipped for good (metrics graph_op_count null); on a later call with the other branch torch runs it eagerly and compiles only the callee frames; tparse recompiles the resume function (from TD3.py TD3.train, `if self.total_it % self.policy_freq == 0` after critic_optimizer.step())
import torch
import torch.nn as nn
torch.manual_seed(0)


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(4, 4)

    def forward(self, x):
        return self.l(x).tanh()


head = Head()
MODE = [0]


@torch.compile(backend="eager")
def f(x):
    y = x.cos()
    torch._dynamo.graph_break()
    if MODE[0] == 1:
        y = head(y) + 1
    return y


for m in (0, 1, 1):
    MODE[0] = m
    print(f(torch.ones(2, 4)).shape)
