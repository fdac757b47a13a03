# PackedSequence(data, batch_sizes): PackedSequence.__new__'s sorted_indices / unsorted_indices default to None
# (DrQA's eval packing); namedtuple's own __new__ underneath hands Dynamo no frame of its own.
# torch 2.11 (device truth): a GB0007 break at pack_padded_sequence, no graph; the resume is returned at once, no compile: a PackedSequence
# (a namedtuple subclass with its own __new__) is no namedtuple to has_tensor_in_frame. 3 frames, 1 compile.
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
