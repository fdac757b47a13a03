# An LSTM kept in a plain Python list attribute (`self.rnns = []` then append, registered by setattr too): reading
# `self.rnns[layer]` in a frame wraps the lazy item and VariableBuilder refuses an RNN (GB0014), so the subscript
# breaks the graph, and the resume function that calls it breaks again at the call (from ixaxaar's pytorch-dnc
# DNC._layer_forward)
import torch
import torch.nn as nn

torch.manual_seed(0)


class Ctrl(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnns = []
        for layer in range(2):
            self.rnns.append(nn.LSTM(8, 8, batch_first=True))
            setattr(self, "lstm_layer_" + str(layer), self.rnns[layer])
        self.out = nn.Linear(8, 4)

    def layer_forward(self, x, layer, hx):
        y, hx = self.rnns[layer](x.unsqueeze(1), hx)
        return torch.clamp(y.squeeze(1), -20, 20), hx

    def forward(self, x):
        h = None
        for layer in range(2):
            x, h = self.layer_forward(x, layer, None)
        return self.out(x)


f = torch.compile(Ctrl(), backend="eager")
for _ in range(2):
    print(round(f(torch.randn(3, 8)).sum().item(), 4))
