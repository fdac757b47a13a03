# A frame that traces no op and returns realizes its lazy locals (symbolic_locals_contain_module_class's isinstance):
# a sparse COO argument is then refused, GB0015 with no checkpoint, the frame skipped (LightGCL's sparse_dropout)
import torch


def sparse_dropout(mat, dropout):
    if dropout == 0.0:
        return mat
    return mat * 2


i = torch.tensor([[0, 1], [1, 0]])
v = torch.tensor([1.0, 2.0])
s = torch.sparse_coo_tensor(i, v, (2, 2))
f = torch.compile(sparse_dropout, backend="eager")
print(f(s, 0.0).to_dense().sum())
