# A frame that breaks at an instruction (the LOAD_ATTR of an RNN module, GB0014) with no checkpoint graph (one call
# traced before it: count_calls() <= 1) is skipped whole and reruns eagerly from its start, where the calls its trace
# had inlined are frames of their own (the Temporal Fusion Transformer's encode: `self.init_hidden()`, then the LSTM)
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 4)
        self.lin = nn.Linear(4, 4)

    def init_hidden(self):
        return torch.zeros(1, 2, 4)

    def encode(self, x, hidden=None):
        if hidden is None:
            hidden = self.init_hidden()
        output, (hidden, cell) = self.lstm(x, (hidden, hidden))
        return output, hidden

    def forward(self, x):
        x = self.lin(x)
        o, h = self.encode(x)
        return o.sum() + h.sum()


m = torch.compile(M(), backend="eager")
for _ in range(2):
    print(m(torch.randn(3, 2, 4)).shape)
