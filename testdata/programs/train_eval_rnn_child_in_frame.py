# Module.train() / eval() called inside a compiled forward (fatchord's Tacotron): Dynamo inlines nn.Module.train,
# whose named_children wraps each child, and VariableBuilder refuses an RNN (GB0014): a break at the call, resumed
# after it. A plain list attribute holding the GRU, iterated by a comprehension (`_flatten_parameters`), breaks where
# an item is first used: in the frame itself it is skipped ("Failed to handle graph break gracefully"); called from
# another frame the break is at that call.
import torch
from torch import nn


class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(6, 6)
        self.rnn = nn.GRU(6, 6, batch_first=True)
        self._to_flatten = [self.rnn]

    def _flatten(self):
        [m.flatten_parameters() for m in self._to_flatten]

    def forward(self, x):
        self._flatten()
        h = self.lin(x).relu()
        return h * 2


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Enc()
        self.register_buffer("step", torch.zeros(1, dtype=torch.long))

    def forward(self, x, gta=False):
        self.step += 1
        if gta:
            self.eval()
        else:
            self.train()
        return self.enc(x).sum(-1)


net = torch.compile(Net(), backend="eager")
print(tuple(net(torch.randn(2, 3, 6)).shape), net.training)
print(tuple(net(torch.randn(2, 3, 6), gta=True).shape), net.training)
