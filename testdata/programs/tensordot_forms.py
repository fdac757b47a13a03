# torch.tensordot with dims as two lists and as an int (DeepCTR-Torch's InteractingLayer, CrossNet and AFMLayer
# contract an embedding axis with a weight), its result feeding matmul and broadcasting adds.
import torch

W = torch.randn(4, 6)
K = torch.randn(5, 1)


def f(x, x0):
    q = torch.tensordot(x, W, dims=([-1], [0]))
    xl_w = torch.tensordot(x0, K, dims=([1], [0]))
    dot_ = torch.matmul(x0, xl_w)
    r = torch.tensordot(q, torch.ones(6), dims=1)
    return q.sum(-1) + r, dot_ + x0


out = torch.compile(f, backend="eager")(torch.randn(2, 3, 4), torch.randn(2, 5, 1))
print([tuple(o.shape) for o in out])
