# Shim of xformers.ops.fmha (our code): memory_efficient_attention as torch's scaled_dot_product_attention, for
# the cache-free path of mistral-inference (attn_bias None). Layout (batch, seq, heads, head_dim), as xformers.
import torch.nn.functional as F


def memory_efficient_attention(query, key, value, attn_bias=None):
    if attn_bias is not None:
        raise NotImplementedError("shim: attention biases are not modelled")
    out = F.scaled_dot_product_attention(query.transpose(1, 2), key.transpose(1, 2), value.transpose(1, 2))
    return out.transpose(1, 2)
