# A callee that a dynamic (recompiled) entry calls eagerly at its graph break gets its own static first compile
# (here at call 2); on call 3 the outer entry is a cache hit, the callee's static guards fail and it recompiles
# (whisper_full: decoder frame 1/1 "tensor 'x' size mismatch at index 0"). Break: is_causal gets a SymBool.
import torch
import torch.nn.functional as F


def inner(q, mask):
    n = q.shape[2]
    return F.scaled_dot_product_attention(q, q, q, is_causal=mask is not None and n > 1).relu()


@torch.compile(backend="eager")
def outer(q, mask):
    return inner(q * 2, mask) + 1


m = torch.ones(2)
outer(torch.randn(1, 2, 3, 4), m)
outer(torch.randn(1, 2, 5, 4), m)
outer(torch.randn(1, 2, 4, 4), m)
