# whisper: scaled_dot_product_attention(..., is_causal=mask is not None and n_ctx > 1) where n_ctx is an
# automatic-dynamic size: is_causal becomes a SymBool on the recompile
import torch
import torch.nn.functional as F


@torch.compile(backend="eager")
def f(q, mask):
    n_ctx = q.shape[2]
    a = F.scaled_dot_product_attention(q, q, q, is_causal=mask is not None and n_ctx > 1)
    return a.relu() + 1


m = torch.ones(2)
f(torch.randn(1, 2, 3, 4), m)
f(torch.randn(1, 2, 5, 4), m)
