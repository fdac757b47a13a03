# Tensors reached through container arguments are guarded on their own sources: a list of latents (stylegan2's
# Generator([z])) and a tuple of KV tuples (bark's past_kv); a size change there recompiles
import torch


def g(styles):
    return torch.relu(styles[0]) * 2


def h(x, past):
    return torch.cat((past[0][0], x), dim=0) * 2


cg = torch.compile(g, backend="eager")
for b in (2, 4):
    cg([torch.randn(b, 16)])
ch = torch.compile(h, backend="eager")
x = torch.randn(1, 3)
ch(x, ((torch.randn(7, 3),),))
ch(x, ((torch.randn(8, 3),),))
