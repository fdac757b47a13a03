# Automatic dynamic, two inputs of one batch size that no op joins: kv.view(nb, -1, 2, 8) with nb = q.size(0) infers
# -1 as FloorDiv(s44*s91, s85), and the view's walk unifies kv's batch s91 with s85 (equal hints), so the inferred
# length is kv's own s44: the sequence stays dynamic (pe[:, :s44]), nothing specializes (annotated-transformer's
# MultiHeadedAttention: nbatches = query.size(0), then key / value .view(nbatches, -1, h, d_k)).
import torch
torch.manual_seed(0)
pe = torch.randn(1, 100, 16)
lin = torch.nn.Linear(16, 16)
@torch.compile(backend="eager")
def f(q, kv):
    kv = kv + pe[:, : kv.size(1)]
    nb = q.size(0)
    k = lin(kv).view(nb, -1, 2, 8).transpose(1, 2)
    qq = q.view(nb, -1, 2, 8).transpose(1, 2)
    return torch.matmul(qq, k.transpose(-2, -1)).softmax(-1)
with torch.no_grad():
    for b, s in ((2, 6), (3, 9)):
        out = f(torch.randn(b, s - 1, 16), torch.randn(b, s, 16))
print(out.shape)
