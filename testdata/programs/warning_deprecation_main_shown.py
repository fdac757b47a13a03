# The default filters show a DeprecationWarning attributed to __main__ (the script's own code, stacklevel 1), though
# they ignore one from any other module. Shown eagerly under the callback, warnings.py's display code runs as five
# frames handed to Dynamo once; the frame is skipped at its LSTM
import warnings

import torch
import torch.nn as nn

torch.manual_seed(0)


class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(4, 5)

    def forward(self, x):
        y, _ = self.rnn(x)
        warnings.warn("Enc.forward's second output is deprecated", DeprecationWarning)
        return y.mean(0)


m = torch.compile(Enc(), backend="eager")
for T in (3, 4):
    print(tuple(m(torch.randn(T, 2, 4)).shape))
