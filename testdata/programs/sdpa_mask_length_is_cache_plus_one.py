# A decoding step's attention mask arrives as an input whose length is the cache's plus one: once automatic dynamic
# makes both symbols, scaled_dot_product_attention's broadcast check equates the mask's own symbol with the grown
# cache's `s + 1`, and the ShapeEnv solves for the symbol with the larger hint: the mask's size prints as the cache's
# expression and its own symbol's placeholder goes; a second layer's cache of the same length then unifies with it.
import torch
import torch.nn.functional as F


@torch.compile(backend="eager")
def attend(q, k0, v0, k1, v1, new_k, new_v, mask):
    a = F.scaled_dot_product_attention(q, torch.cat([k0, new_k], dim=-2), torch.cat([v0, new_v], dim=-2), attn_mask=mask)
    b = F.scaled_dot_product_attention(a, torch.cat([k1, new_k], dim=-2), torch.cat([v1, new_v], dim=-2), attn_mask=mask)
    return b


for n in (8, 9, 10, 11):
    cache = [torch.randn(1, 4, n, 16) for _ in range(4)]
    attend(torch.randn(1, 4, 1, 16), *cache, torch.randn(1, 4, 1, 16), torch.randn(1, 4, 1, 16),
           torch.ones(1, 1, 1, n + 1, dtype=torch.bool))
