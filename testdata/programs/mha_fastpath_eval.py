# nn.MultiheadAttention (batch_first) in eval under no_grad: the fast path (torch._native_multi_head_attention) conditions
# are checked inside the compiled frame (demucs HTDemucs cross transformer)
import torch
torch.manual_seed(0)
mha = torch.nn.MultiheadAttention(8, 2, batch_first=True).eval()
@torch.compile(backend="eager")
def f(x, y):
    return mha(x, y, y, need_weights=False)[0] + x
with torch.no_grad():
    for t in (8, 12):
        print(f(torch.randn(2, t, 8), torch.randn(2, t + 2, 8)).shape)
