# A list argument the frame has not read when a call it makes breaks the graph (init_hidden's torch.zeros with
# requires_grad=True) stays a lazy variable: no LENGTH_CHECK and no item guard, so a list of other values does not
# recompile the frame; the resume function reads it (from NARM's forward: `lengths` for pack_padded_sequence)
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(4, 8)

    def init_hidden(self, b):
        return torch.zeros((1, b, 8), requires_grad=True)

    def forward(self, x, lengths):
        h = self.init_hidden(x.size(1))
        out, h = self.gru(pack_padded_sequence(x, lengths), h)
        out, _ = pad_packed_sequence(out)
        return out.sum(0), h


torch.manual_seed(0)
m = torch.compile(M(), backend="eager")
for lengths in ([5, 4, 2], [5, 3, 3], [5, 5, 1]):
    o, h = m(torch.randn(5, 3, 4), lengths)
    print(o.shape, h.shape)
