# torch.einsum('...bi,bio->...bo') returns the bmm result permuted back: f32[1,4,3,4,8] strides [8, 24, 8, 96, 1], not contiguous (from NVlabs/FourCastNet afnonet.py)
import torch

torch.manual_seed(0)
w = torch.randn(4, 8, 8)


@torch.compile(backend="eager")
def f(x):
    return torch.einsum("...bi,bio->...bo", x, w) + 1


print(f(torch.randn(1, 4, 3, 4, 8)).shape)
