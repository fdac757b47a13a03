# An RNN module built with a non-bool flag (`bidirectional=1`, as Listen-Attend-Spell's encoder): __init__ takes it for
# its truth (two directions of weights), extra_repr prints it as given, and forward hands it to _VF.lstm, whose C
# signature wants a bool: a TypeError, eagerly after the compiled frame's break at the RNN
import torch
import torch.nn as nn


class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.rnn = nn.LSTM(4, 3, num_layers=1, batch_first=True, bidirectional=1)

    def forward(self, x):
        h = self.proj(x).relu()
        out, _ = self.rnn(h)
        return out


m = Enc()
print(m.rnn.bidirectional, m.rnn.batch_first)
print(len(m.rnn._flat_weights_names))
f = torch.compile(m, backend="eager")
try:
    print(f(torch.randn(2, 5, 4)).shape)
except TypeError as e:
    print("TypeError", str(e).splitlines()[0][:60])
