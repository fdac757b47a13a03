# nn.MultiheadAttention called with query= / key= / value= keywords (speech models' encoders) under dynamic=True:
# its dropout float is an unspecialized graph input with one item() (symbolic in eval, where nothing checks it; its
# range is checked by F.dropout in training); the key padding mask is canonicalized to a float mask (masked_fill_).
import torch
from torch import nn

torch.manual_seed(0)
mha = nn.MultiheadAttention(16, 4, dropout=0.1).eval()


def f(x, mask):
    y, _ = mha(query=x, key=x, value=x, key_padding_mask=mask, need_weights=False)
    return y + 1


cf = torch.compile(f, backend="eager", dynamic=True)
with torch.no_grad():
    for T in (8, 12):
        mask = torch.arange(T).expand(2, T) >= torch.tensor([T, T - 3]).unsqueeze(1)
        cf(torch.randn(T, 2, 16), mask)
mha.train()
mask = torch.arange(10).expand(2, 10) >= torch.tensor([10, 7]).unsqueeze(1)
cf(torch.randn(10, 2, 16), mask).sum().backward()
