# F.dropout with training=False is aten.dropout's decomposition `input.clone()`: a non-dense input (a strided slice) gives a contiguous result, not the input's strides (from transformers electra modeling_electra.py ElectraClassificationHead: features[:, 0, :] then dropout)
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(h, w):
    x = h[:, 0, :]
    x = F.dropout(x, 0.1, False)
    y = F.dropout(h.transpose(1, 2), 0.1, False)
    return x @ w, y.sum()


f = torch.compile(fn, backend="eager")
w = torch.randn(8, 4)
for b in (2, 3):
    r = f(torch.randn(b, 5, 8), w)
    print(r[0].shape, r[1])
