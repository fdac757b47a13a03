# torch.nn.attention.sdpa_kernel as a context manager inside a compiled function (lucidrains' Attend picks the
# attention backend this way)
import torch
import torch.nn.functional as F
from torch.nn.attention import sdpa_kernel, SDPBackend


def f(q, k, v):
    with sdpa_kernel([SDPBackend.MATH]):
        out = F.scaled_dot_product_attention(q, k, v)
    return out * 2


cf = torch.compile(f, backend="eager")
q = torch.randn(1, 2, 4, 8)
cf(q, q, q)
