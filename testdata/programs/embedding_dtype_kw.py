# nn.Embedding(..., dtype=torch.bfloat16): the weight (and the embedding output) is bf16, so `e.dtype` is
# torch.bfloat16 and `x.to(e.dtype)` is `.to(torch.bfloat16)` in the graph (gpt-oss RMSNorm: t, dtype = x.float(), x.dtype)
import torch
torch.manual_seed(0)
emb = torch.nn.Embedding(10, 4, dtype=torch.bfloat16)
scale = torch.nn.Parameter(torch.ones(4))
@torch.compile(backend="eager")
def f(x):
    e = emb(x)
    t, dtype = e.float(), e.dtype
    t = t * torch.rsqrt(torch.mean(t ** 2, dim=-1, keepdim=True) + 1e-5)
    return (t * scale).to(dtype)
with torch.no_grad():
    for n in (3, 5):
        out = f(torch.randint(0, 10, (n,)))
print(out.dtype)
