# PackedSequence(data, batch_sizes): PackedSequence.__new__'s sorted_indices / unsorted_indices default to None
# (DrQA's eval packing); namedtuple's own __new__ underneath hands Dynamo no frame of its own.
# Expected torch 2.11 behaviour (backend="eager"): the packing function is skipped and the GRU breaks the graph, as
# tparse gives (3 compiles, 2 graphs, 2 breaks).
import torch
from torch.nn.utils.rnn import pack_padded_sequence, PackedSequence

torch.manual_seed(0)
rnn = torch.nn.GRU(4, 3)


def f(x):
    p = pack_padded_sequence(x, [3, 2])
    q = PackedSequence(p.data * 2, p.batch_sizes)
    return rnn(q)[0].data.sum()


cf = torch.compile(f, backend="eager")
print(round(cf(torch.randn(3, 2, 4)).item(), 4))
