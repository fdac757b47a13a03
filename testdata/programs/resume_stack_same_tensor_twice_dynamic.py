# A callee that breaks the graph returns one tensor twice (transformers' xlm get_masks: `attn_mask = mask`, then
# `return mask, attn_mask`): the resume function receives the tuple on its stack, and once automatic dynamic makes the
# mask's length a symbol, both items are still one object (wrapped once, no aliasing guard between them), so the
# later steps reuse the dynamic graph.
import torch


def get_masks(n, lengths):
    alen = torch.arange(n)
    assert lengths.max().item() <= n
    mask = alen < lengths[:, None]
    attn_mask = mask
    return mask, attn_mask


@torch.compile(backend="eager")
def encode(h, lengths):
    mask, attn_mask = get_masks(h.shape[1], lengths)
    return h * mask[..., None] + attn_mask.sum()


for n in (8, 9, 10, 11):
    encode(torch.randn(2, n, 4), torch.full((2,), 3))
