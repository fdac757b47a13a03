# A dynamic tensor's whole size passed to an op (nerf-pytorch's `viewdirs[:, None].expand(inputs.shape)`): Dynamo's
# SizeVariable for `x.shape` / `x.size()` has the `size = x.size()` call as its proxy, the op takes that node; a
# torch.Size built from the sizes (`x.shape[:-1] + (4,)`) is a `torch.Size([...])` node instead.
import torch


def f(x, v):
    n = x.shape[-1]
    a = v[:, None].expand(x.shape)
    b = torch.zeros(x.size()) + a
    c = b.reshape(x.shape[:-1] + (n,))
    return c * 2


cf = torch.compile(f, backend="eager")
for b in (8, 6, 5):
    print(cf(torch.rand(b, 5, 3), torch.rand(b, 3)).shape)
