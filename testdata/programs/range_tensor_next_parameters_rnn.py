# A decoder step loop bounded by a length tensor (`range(max(lens))`: GB0059 in a frame) whose decoder's init_state
# reads `next(self.parameters()).device` over a module holding only an LSTM (the generator wraps the LSTM: GB0014; as its
# own frame, skipped) (from End-to-end-ASR's LAS decoder)
import torch
import torch.nn as nn

torch.manual_seed(0)


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.LSTM(8, 8, batch_first=True)

    def init_state(self, bs):
        device = next(self.parameters()).device
        self.hidden_state = (torch.zeros((1, bs, 8), device=device), torch.zeros((1, bs, 8), device=device))
        return self.hidden_state[0]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.decoder = Decoder()
        self.proj = nn.Linear(8, 8)

    def forward(self, x, steps):
        h = self.decoder.init_state(x.shape[0])
        out = []
        for t in range(steps):
            h = torch.tanh(self.proj(x) + h[0])[None]
            out.append(h[0])
        return torch.stack(out, dim=1)


cm = torch.compile(M(), backend="eager")
lens = torch.tensor([3, 2])
print(cm(torch.randn(2, 8), max(lens)).shape)
