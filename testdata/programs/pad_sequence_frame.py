# REAL: 2 graphs, 0 breaks, 1 recompile; each graph: pad_sequence (torch._C._nn.pad_sequence) + linear, 1 call_method.
#   Dynamo inlines torch/nn/utils/rnn.py's pad_sequence, which records the one ATen-bound node.
# TPARSE: 0 graphs (1 compile whose every op is on an opaque value), approximate: pad_sequence() unmodelled.
# torch.nn.utils.rnn.pad_sequence called inside a compiled function (vit-pytorch ats_vit, na_vit).
import torch
from torch.nn.utils.rnn import pad_sequence
torch.manual_seed(0)
lin = torch.nn.Linear(4, 4)
@torch.compile
def f(a, b):
    x = pad_sequence([a, b], batch_first = True, padding_value = -1.)
    return lin(x).relu()
with torch.no_grad():
    for n in (3, 5):
        out = f(torch.randn(n, 4), torch.randn(2, 4))
print(out.shape)
