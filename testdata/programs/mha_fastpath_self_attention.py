# nn.MultiheadAttention (batch_first) in eval under no_grad as self-attention: torch takes the fast path
# (torch._native_multi_head_attention) inside the compiled frame; two sequence lengths (recompile, dynamic)
import torch
torch.manual_seed(0)
mha = torch.nn.MultiheadAttention(8, 2, batch_first=True).eval()
@torch.compile(backend="eager")
def f(x):
    return mha(x, x, x, need_weights=False)[0] + x
with torch.no_grad():
    for t in (8, 12):
        print(f(torch.randn(2, t, 8)).shape)
