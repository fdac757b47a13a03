# the tensors a frame stores on objects from before it are graph outputs object by object in the order Dynamo began
# tracking each object (VariableBuilder wraps an existing module from its source: `self` at the frame's start, `self.block`
# when first read), not in the order the stores happened: self.last's `add` before block.cache's `mul`
import torch
import torch.nn as nn
torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.cache = None

    def forward(self, x):
        self.cache = x * 2
        return self.lin(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.last = None

    def forward(self, x):
        y = self.block(x)
        self.last = y + 1
        return y.sum()


m = torch.compile(Net(), backend="eager")
x = torch.randn(2, 4)
print(round(m(x).item(), 4), tuple(m.last.shape), tuple(m.block.cache.shape))
