# torch.diag_embed with dim1/dim2 (from torchscale component/dilated_attention.py sparse_to_dense)
import torch
torch.manual_seed(0)


def f(x):
    y = torch.diag_embed(x, offset=0, dim1=3, dim2=4)
    return y.sum(-1) * 2


g = torch.compile(f, backend="eager")
print(g(torch.randn(2, 4, 3, 2)).shape)
