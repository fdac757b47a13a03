# An autoregressive decoder loop after a graph break (tacotron2's Decoder.inference: a Variable(...) break, then
# `while True:` with a stop test on a tensor): the resume function meets a data-dependent jump inside its loop and
# is skipped, so Python runs it eagerly, and the module and the method it calls become frames of their own.
import torch
import torch.nn as nn


class Prenet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return torch.relu(self.fc(x))


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.prenet = Prenet()
        self.cell = nn.LSTMCell(4, 4)

    def decode(self, x, h, c):
        h, c = self.cell(x, (h, c))
        return h * 2, c

    def inference(self, x, stop):
        x = x * 2
        torch._dynamo.graph_break()
        h = torch.zeros(2, 4)
        c = torch.zeros(2, 4)
        outs = []
        while True:
            p = self.prenet(x)
            h, c = self.decode(p, h, c)
            outs.append(h)
            if stop.any():
                break
            if len(outs) == 3:
                break
        return torch.stack(outs)


d = Decoder()
f = torch.compile(d.inference, backend="eager")
with torch.no_grad():
    print(f(torch.randn(2, 4), torch.zeros(1, dtype=torch.bool)).shape)
