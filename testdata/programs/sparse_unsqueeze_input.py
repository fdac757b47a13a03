# A sparse COO tensor unsqueezed before the call is handed to a compiled frame that uses it
import torch

i = torch.tensor([[0, 1], [1, 0]])
v = torch.tensor([1.0, 2.0])
s = torch.sparse_coo_tensor(i, v, (2, 2)).unsqueeze(0)


def f(a, b):
    return a * 2 + b.sum()


cf = torch.compile(f, backend="eager")
print(cf(s, torch.ones(2)).to_dense().sum())
