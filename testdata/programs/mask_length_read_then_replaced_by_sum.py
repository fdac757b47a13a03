# A decoding step's mask length is read (`mask.shape[-1]`) and used before the attention proves it equal to the grown
# cache's `s + 1`: the ShapeEnv replaces the mask's own symbol by the sum, its placeholder goes, and the replacement
# pass rebuilds `s + 1` (torch.sym_sum) where the size was read, for every use (transformers' generate with BigBird).
import torch
import torch.nn.functional as F


@torch.compile(backend="eager")
def attend(q, k, v, new_k, new_v, mask):
    kv_length = mask.shape[-1]
    idx = torch.arange(kv_length)
    m = mask & (idx >= 0)
    k = torch.cat([k, new_k], dim=-2)
    v = torch.cat([v, new_v], dim=-2)
    return F.scaled_dot_product_attention(q, k, v, attn_mask=m[:, None, None, :]), kv_length


for n in (8, 9, 10):
    attend(torch.randn(1, 4, 1, 16), torch.randn(1, 4, n, 16), torch.randn(1, 4, n, 16), torch.randn(1, 4, 1, 16),
           torch.randn(1, 4, 1, 16), torch.ones(1, n + 1, dtype=torch.bool))
