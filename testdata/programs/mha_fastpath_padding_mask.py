# nn.MultiheadAttention fast path with a key_padding_mask (merge_masks) and with an attn_mask, in eval under no_grad
import torch
torch.manual_seed(0)
mha = torch.nn.MultiheadAttention(8, 2, batch_first=True).eval()
@torch.compile(backend="eager")
def f(x, pad, causal):
    a = mha(x, x, x, key_padding_mask=pad, need_weights=False)[0]
    b = mha(x, x, x, attn_mask=causal, need_weights=False)[0]
    return a + b
with torch.no_grad():
    x = torch.randn(2, 6, 8)
    pad = torch.zeros(2, 6, dtype=torch.bool); pad[1, 4:] = True
    causal = torch.triu(torch.ones(6, 6, dtype=torch.bool), 1)
    print(f(x, pad, causal).shape)
