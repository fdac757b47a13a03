# numpy arrays passed into a compiled frame and turned into tensors by torch.LongTensor(arr).to(dev) (SASRec's
# log2feats: np.tile(np.arange(...)), `poss *= (log_seqs != 0)`)
import numpy as np
import torch
torch.manual_seed(0)
emb = torch.nn.Embedding(41, 4, padding_idx=0)
@torch.compile(backend="eager")
def f(log_seqs):
    seqs = emb(torch.LongTensor(log_seqs).to('cpu'))
    poss = np.tile(np.arange(1, log_seqs.shape[1] + 1), [log_seqs.shape[0], 1])
    poss *= (log_seqs != 0)
    return seqs + emb(torch.LongTensor(poss).to('cpu'))
np.random.seed(0)
with torch.no_grad():
    for b in (2, 3):
        out = f(np.random.randint(0, 41, size=(b, 6)))
print(out.shape)
