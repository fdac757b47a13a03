# an LSTM graph break two user frames deep (outer forward -> inner module forward -> self.lstm) makes torch skip the outer frame; torch reports "Graph break in user code at <inner line>" with the inner frame in the traceback, tparse reports the outer call line (from sigsep/open-unmix-pytorch openunmix/model.py Separator -> OpenUnmix)
import torch
import torch.nn as nn

torch.manual_seed(0)


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 4)

    def forward(self, x):
        x = torch.tanh(x)
        return self.lstm(x)[0]


class Outer(nn.Module):
    def __init__(self):
        super().__init__()
        self.targets = nn.ModuleDict({"a": Inner()})

    def forward(self, x):
        out = torch.zeros(x.shape + (1,))
        for j, (name, mod) in enumerate(self.targets.items()):
            out[..., j] = mod(x.detach().clone())
        return out


f = torch.compile(Outer(), backend="eager")
with torch.no_grad():
    print(f(torch.randn(3, 2, 4)).shape)
