# A list argument the frame only passes on to a function Dynamo skips (pack_padded_sequence: a graph break at the call)
# is realized as a ListVariable with its length guarded, its items never read: a list of the same length with other
# values hits the cache, one of another length recompiles (from JiaxuanYou's GraphRNN:
# `pack_padded_sequence(input, input_len, batch_first=True)` of each batch's sorted lengths)
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence

torch.manual_seed(0)
lin = nn.Linear(3, 4)


@torch.compile(backend="eager")
def enc(x, lens):
    h = torch.relu(lin(x))
    p = pack_padded_sequence(h, lens, batch_first=True)
    return p.data.sum()


for lens in ([5, 3, 2], [5, 4, 1], [4, 4, 3], [5, 2]):
    x = torch.randn(len(lens), 5, 3)
    print(round(enc(x, lens).item(), 4))
