# A list the frame builds with tolist() and hands on only by keyword to a skipped function (Renovamen's
# `pack_padded_sequence(embeddings, lengths=words_per_sentence.tolist(), ...)`): Dynamo realizes the list for the
# resume's stack (its length guarded) but never its items, so other lengths of the same count hit the entry.
import torch
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

emb = torch.nn.Embedding(20, 8)
rnn = torch.nn.GRU(8, 8, batch_first=True)


def forward(text, lens):
    e = emb(text)
    packed = pack_padded_sequence(e, lengths=lens.tolist(), batch_first=True, enforce_sorted=False)
    out, h = rnn(packed)
    out, _ = pad_packed_sequence(out, batch_first=True)
    return out.sum() + h.sum()


f = torch.compile(forward, backend="eager")
torch.manual_seed(0)
for lens in ([5, 3, 4], [2, 5, 5], [4, 4, 1], [5, 2]):
    t = torch.randint(0, 20, (len(lens), 5))
    print(lens, round(f(t, torch.tensor(lens)).item(), 3))
