# Frames whose arguments hold no tensor (RWKV's `run(ctx)` with token ids): Dynamo's has_tensor_in_frame also looks
# at the globals the code names (a torch module) before it skips a frame; a global tensor alone, torch.ones of an
# int, and plain Python arithmetic, each compiled on its own
import torch

emb = torch.randn(50, 4)


def from_global(i):
    return emb[i] * 2


def from_torch(n):
    return torch.ones(n) * n


def plain(n):
    return n * 3 + 1


for fn in (from_global, from_torch, plain):
    cf = torch.compile(fn, backend="eager")
    for i in (1, 2, 3):
        cf(i)
