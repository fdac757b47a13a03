# einsum output strides when a batch dim is 1: torch [1,16,32] -> stride (1, 32, 1), tparse (512, 32, 1) (from point-transformer-pytorch point_transformer_pytorch.py:107)
import torch

torch.manual_seed(0)


def f(attn, v):
    return torch.einsum('b i j d, b i j d -> b i d', attn, v) + 1


g = torch.compile(f, backend="eager")
out = g(torch.randn(1, 16, 4, 32).softmax(dim=-2), torch.randn(1, 16, 4, 32))
print(out.shape)
