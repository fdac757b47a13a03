# reversed() of an nn.ParameterList inside a compiled forward (a decoder walking its encoder's layers backwards): what
# Dynamo 2.11 does with the builtin on a module (from DeepRec's `reversed(self.encode_w)`)
import torch
import torch.nn as nn

torch.manual_seed(0)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.ws = nn.ParameterList([nn.Parameter(torch.randn(4, 4)) for _ in range(3)])

    def forward(self, x):
        x = x * 2
        for ind, w in enumerate(list(reversed(self.ws))):
            x = torch.tanh(x @ w + ind)
        return x


cm = torch.compile(M(), backend="eager")
print(cm(torch.randn(2, 4)).shape)
print(cm(torch.randn(2, 4)).shape)
