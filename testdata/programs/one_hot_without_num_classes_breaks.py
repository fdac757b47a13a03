# Expected torch 2.11 behaviour (rule: aten/src/ATen/native/Onehot.cpp, for a tensor with the Python dispatch key --
# a fake tensor -- num_classes=-1 is `self.max().item()`; the item() of a fake tensor is DataDependentOutputException,
# which Dynamo's get_fake_value turns into the graph break "Data dependent operator" at the call): F.one_hot without
# num_classes in a frame breaks there; the call runs eagerly (4 classes here), and the rest of the frame is a resume
# function with one graph (to, matmul, transpose, sum).
# 2 frames, 1 graph, 1 break; prints 9.0 (SpookyNet's `F.one_hot(batch_seg)`).
import torch
import torch.nn.functional as F


@torch.compile(backend="eager")
def f(seg, r):
    one_hot = F.one_hot(seg).to(dtype=r.dtype)
    mask = one_hot @ one_hot.transpose(-1, -2)
    return mask.sum()


print(f(torch.tensor([0, 0, 1, 1, 3]), torch.ones(5, 3)).item())
