# An int attribute of a plain (non-Module) object incremented in a compiled method becomes dynamic on the second
# compile (automatic dynamic: L_self_training_steps "Sym(s45)" input, `add` node, output), no third compile;
# ours keeps it a constant and recompiles every call (from TD7 TD7.py Agent.train: self.training_steps += 1)
import torch
from torch import nn
torch.manual_seed(0)
class Agent:
    def __init__(self):
        self.net = nn.Linear(4, 2)
        self.training_steps = 0
    def train(self, x):
        self.training_steps += 1
        loss = self.net(x).sum()
        if self.training_steps % 2 == 0:
            loss = loss * 2
        return loss
agent = Agent()
train = torch.compile(agent.train, backend="eager")
for i in range(4):
    print(round(train(torch.randn(3, 4)).item(), 4))
print(agent.training_steps)
