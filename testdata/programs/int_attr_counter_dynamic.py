# `self.it += 1` on a plain object inside a compiled method: after the value changes torch recompiles with the int attr as a Sym input and an `add` node in the graph; tparse keeps it out of the graph (from TD3.py TD3.train total_it)
import torch
import torch.nn as nn
torch.manual_seed(0)


class Agent:
    def __init__(self):
        self.net = nn.Linear(4, 4)
        self.it = 0

    def step(self, x):
        self.it += 1
        return self.net(x).relu()


a = Agent()
f = torch.compile(a.step, backend="eager")
for i in range(3):
    print(f(torch.randn(2, 4)).shape, a.it)
