# torch.nn.utils.rnn's PackedSequence as model code uses it: pack_padded_sequence of a batch not sorted by length
# (enforce_sorted=False), an RNN over the packed rows, pad_packed_sequence back; pack_sequence / unpack_sequence; the
# four fields unpacked (`data, batch_sizes, _, _ = pack_padded_sequence(...)`, a loss over the packed rows). Eagerly
# the facts printed; compiled, the packing functions are skipped (graph breaks) and the GRU breaks the graph.
import torch
import torch.nn as nn
from torch.nn.utils.rnn import PackedSequence, pack_padded_sequence, pack_sequence, pad_packed_sequence, unpack_sequence


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(20, 8)
        self.rnn = nn.GRU(8, 6, num_layers=2, bidirectional=True, batch_first=True)
        self.out = nn.Linear(12, 5)

    def forward(self, x, lengths):
        e = self.emb(x)
        packed = pack_padded_sequence(e, lengths.cpu(), batch_first=True, enforce_sorted=False)
        out, h = self.rnn(packed)
        padded, out_lens = pad_packed_sequence(out, batch_first=True, total_length=x.size(1))
        return packed, out, h, self.out(padded), out_lens


def packed_loss(logits, targets, lengths):
    inputs, _, _, _ = pack_padded_sequence(logits, lengths, batch_first=True, enforce_sorted=False)
    gold, _, _, _ = pack_padded_sequence(targets, lengths, batch_first=True, enforce_sorted=False)
    return nn.functional.cross_entropy(inputs, gold), tuple(inputs.shape), tuple(gold.shape)


torch.manual_seed(0)
enc = Encoder()
x = torch.randint(1, 20, (3, 7))
lengths = torch.tensor([4, 7, 2])
packed, out, h, logits, out_lens = enc(x, lengths)
facts = {
    "type": type(packed).__name__,
    "isinstance": isinstance(out, PackedSequence) and isinstance(out, tuple),
    "data": tuple(packed.data.shape),
    "batch_sizes": packed.batch_sizes.tolist(),
    "sorted": packed.sorted_indices.tolist(),
    "unsorted": packed.unsorted_indices.tolist(),
    "out_data": tuple(out.data.shape),
    "h": tuple(h.shape),
    "logits": tuple(logits.shape),
    "out_lens": out_lens.tolist(),
    "loss": packed_loss(logits, torch.randint(0, 5, (3, 7)), lengths)[1:],
}
data, bs, si, ui = pack_padded_sequence(torch.randn(5, 2, 3), [5, 3])
facts["time_major"] = (tuple(data.shape), bs.tolist(), si, ui)
seqs = [torch.randn(n, 4) for n in (5, 3, 1)]
ps = pack_sequence(seqs)
facts["pack_sequence"] = (tuple(ps.data.shape), ps.batch_sizes.tolist(), ps.sorted_indices)
lstm = nn.LSTM(4, 5)
o, (hh, cc) = lstm(ps)
facts["lstm"] = (tuple(o.data.shape), tuple(hh.shape), tuple(cc.shape), type(o.to(torch.float64)).__name__)
facts["unpack"] = [tuple(t.shape) for t in unpack_sequence(o)]
p2 = pad_packed_sequence(o)
facts["pad_default"] = (tuple(p2[0].shape), p2[1].tolist())
try:
    pack_padded_sequence(torch.randn(4, 2, 3), [2, 3])
except RuntimeError as e:
    facts["unsorted_error"] = str(e).split(".")[0]
print(facts)

compiled = torch.compile(enc, backend="eager")
r = compiled(x, lengths)
r2 = compiled(torch.randint(1, 20, (2, 9)), torch.tensor([9, 5]))
print(tuple(r[3].shape), tuple(r2[3].shape), r2[4].tolist())
