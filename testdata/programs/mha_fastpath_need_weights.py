# nn.MultiheadAttention fast path with need_weights left at its default (True) and with average_attn_weights=False:
# the weights come back from torch._native_multi_head_attention
import torch
torch.manual_seed(0)
mha = torch.nn.MultiheadAttention(16, 4, batch_first=True).eval()
@torch.compile(backend="eager")
def f(x):
    out, w = mha(x, x, x)
    out2, w2 = mha(x, x, x, average_attn_weights=False)
    return out + out2, w.sum(-1), w2.shape
with torch.no_grad():
    o, s, shp = f(torch.randn(3, 5, 16))
    print(o.shape, s.shape, shp)
