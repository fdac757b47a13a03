# an attribute the frame stores before it reads it is the store's value: no guard on the entry value (SRFBN's feedback
# block: reset_state() sets should_reset, the block reads and clears it; Paper99/SRFBN_CVPR19)
import torch
import torch.nn as nn
torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.should_reset = True
        self.last_hidden = None
        self.steps = 0

    def forward(self, x):
        if self.should_reset:
            self.last_hidden = torch.zeros(x.size())
            self.last_hidden.copy_(x)
            self.should_reset = False
        self.steps = 3
        return self.lin(x + self.last_hidden) * self.steps

    def reset_state(self):
        self.should_reset = True


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.scale = 1.0

    def forward(self, x):
        self.block.reset_state()
        outs = []
        for _ in range(2):
            x = self.block(x)
            outs.append(x)
        self.scale = self.scale * 0.5   # read before the store: guarded, so each call recompiles until the limit
        return torch.stack(outs).sum() * self.scale


m = torch.compile(Net(), backend="eager")
x = torch.randn(2, 4)
for i in range(3):
    print(round(m(x).item(), 4))
