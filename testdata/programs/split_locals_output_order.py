# graph cut at a call whose callee frame is skipped (loop + .item() break): torch's graph returns the live split halves as (h, x_1, x_0, ...), tparse as (h, x_0, x_1, ...) (from glow-tts attentions.py CouplingBlock.forward `x_0, x_1 = x[:, :c], x[:, c:]` before self.wn(...))
import torch
import torch.nn as nn
torch.manual_seed(0)


class WN(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Conv1d(4, 8, 1) for _ in range(2)])

    def forward(self, x):
        n = torch.IntTensor([4])
        for layer in self.layers:
            a = layer(x)
            x = torch.tanh(a[:, :n[0]]) * torch.sigmoid(a[:, n[0]:])
        return x


class Coupling(nn.Module):
    def __init__(self):
        super().__init__()
        self.start = nn.Conv1d(2, 4, 1)
        self.wn = WN()
        self.end = nn.Conv1d(4, 4, 1)

    def forward(self, x, x_mask):
        x_0, x_1 = x[:, :2], x[:, 2:]
        h = self.start(x_0) * x_mask
        h = self.wn(h)
        out = self.end(h)
        z_1 = (out[:, :2] + torch.exp(out[:, 2:]) * x_1) * x_mask
        return torch.cat([x_0, z_1], 1)


m = Coupling()
f = torch.compile(m, backend="eager")
print(f(torch.randn(2, 4, 5), torch.ones(2, 1, 5)).shape)
