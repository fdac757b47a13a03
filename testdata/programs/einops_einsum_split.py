# mamba-minimal's selective scan pieces: einops.einsum with whole-word axis names, and Tensor.split with its own
# keyword `split_size` (torch/_tensor.py), which torch.split calls split_size_or_sections.
import torch
from einops import einsum


def f(x, A, w):
    delta, B, C = x.split(split_size=[4, 2, 2], dim=-1)
    dA = torch.exp(einsum(delta, A, "b l d_in, d_in n -> b l d_in n"))
    dB = einsum(delta, B, x[..., :4], "b l d_in, b l n, b l d_in -> b l d_in n")
    y = einsum(dA * dB, C, "b l d_in n, b l n -> b l d_in")
    return y @ w


torch.compile(f, backend="eager")(torch.randn(1, 5, 8), torch.randn(4, 2), torch.randn(4, 3))
