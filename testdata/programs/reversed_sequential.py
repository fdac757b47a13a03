# reversed() of an nn.Sequential inside a compiled forward (a decoder walking its encoder's layers backwards): what
# Dynamo 2.11 does with the builtin on a module (from DeepRec's `reversed(self.encode_w)`)
import torch
import torch.nn as nn

torch.manual_seed(0)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 4))

    def forward(self, x):
        for layer in reversed(self.layers):
            x = layer(x)
        return x


cm = torch.compile(M(), backend="eager")
print(cm(torch.randn(2, 4)).shape)
print(cm(torch.randn(2, 4)).shape)
