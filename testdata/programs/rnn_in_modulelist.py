# Pins: an nn.LSTM reached by iterating an nn.ModuleList (kokoro's DurationEncoder: `for block in self.lstms`,
# LSTMs interleaved with norm layers) inside a compiled frame. torch 2.11 (allow_rnn=False) refuses to wrap the
# RNN module when the ModuleList is unpacked (gb "Attempted to wrap RNN, GRU, or LSTM"); tparse reports
# "nn.LSTM called inside a compiled frame is not modelled".
import torch
import torch.nn as nn

class Enc(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.blocks = nn.ModuleList([nn.LSTM(d, d // 2, batch_first=True, bidirectional=True), nn.LayerNorm(d)])

    def forward(self, x):
        x = x * 2
        for block in self.blocks:
            if isinstance(block, nn.LayerNorm):
                x = block(x)
            else:
                x, _ = block(x)
        return x.relu()

torch.manual_seed(0)
m = torch.compile(Enc(), backend="eager")
print(m(torch.randn(2, 5, 16)).shape)
print(m(torch.randn(2, 7, 16)).shape)
