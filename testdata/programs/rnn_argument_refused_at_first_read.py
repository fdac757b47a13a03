# Expected torch 2.11 behaviour (rule: VariableBuilder.wrap_module refuses an RNN module, allow_rnn=False): an nn.GRU
# passed as an argument is wrapped where the frame first reads it (`gru.input_size`), GB0014 "Attempted to wrap RNN,
# GRU, or LSTM" at that instruction, the frame's first: nothing to compile, the frame fails and runs eagerly (seen in
# VQ-CPC's `get_gru_cell(self.rnn2)` on the device: get_gru_cell 2/0 failed at its first line).
# 1 compile, 0 graphs, 1 failure; the GRUCell built eagerly then runs.
# (tparse before round 63: the argument read as any module, a break at the GRUCell constructor and a resume.)
import torch
import torch.nn as nn


def get_gru_cell(gru):
    cell = nn.GRUCell(gru.input_size, gru.hidden_size)
    cell.weight_hh.data = gru.weight_hh_l0.data
    cell.weight_ih.data = gru.weight_ih_l0.data
    return cell


torch.manual_seed(0)
g = nn.GRU(4, 6, batch_first=True)
cell = torch.compile(get_gru_cell, backend="eager")(g)
print(tuple(cell(torch.randn(2, 4)).shape))
