# nn.MultiheadAttention in eval with grad enabled (its parameters require grad): no fast path; and an encoder
# layer (nn.TransformerEncoderLayer) in eval under inference_mode, which has a fast path of its own
import torch
torch.manual_seed(0)
mha = torch.nn.MultiheadAttention(8, 2, batch_first=True).eval()
layer = torch.nn.TransformerEncoderLayer(8, 2, 16, batch_first=True).eval()
@torch.compile(backend="eager")
def f(x):
    return mha(x, x, x, need_weights=False)[0]
@torch.compile(backend="eager")
def g(x):
    return layer(x)
print(f(torch.randn(2, 4, 8)).shape)
with torch.inference_mode():
    print(g(torch.randn(2, 4, 8)).shape)
