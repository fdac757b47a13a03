# a graph break on nonzero() inside a subscript: torch's graph returns the stack values (the indexed tensor / the stored value and target) in stack order and drops dead locals; ours returns the index first, keeps the dead local mask, and passes x as a local (from mar models/mar.py forward_mae_encoder / forward_mae_decoder)
import torch
torch.manual_seed(0)

def enc(x, mask):
    x = x * 2
    keep = torch.cat([torch.zeros(x.size(0), 1), mask], dim=1)
    x = x[(1 - keep).nonzero(as_tuple=True)].reshape(x.shape[0], -1, 4)
    return x.sum(1)

def dec(x, mask):
    pad = torch.zeros(2, 5, 4)
    keep = torch.cat([torch.zeros(2, 1), mask], dim=1)
    pad[(1 - keep).nonzero(as_tuple=True)] = x.reshape(x.shape[0] * x.shape[1], x.shape[2]) + 1
    return pad

mask = torch.tensor([[1., 0., 1., 0.], [0., 1., 0., 1.]])
e = torch.compile(enc, backend="eager")
d = torch.compile(dec, backend="eager")
print(e(torch.randn(2, 5, 4), mask).shape)
print(d(torch.randn(2, 3, 4), mask).shape)
