# An LSTM kept in a plain list attribute (then setattr too): its items are wrapped lazily, so `self.rnns[layer](...)`
# breaks at the CALL that realizes the LSTM (GB0014); attempt 1 cannot hand the lazy callee on, and with no graph before
# the statement the frame is skipped ("Failed to handle graph break gracefully"); forward, inlining it in a loop, is
# skipped too (GB7000). Real torch 2.11: 2 frames, 0 graphs (from ixaxaar's pytorch-dnc DNC._layer_forward)
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
