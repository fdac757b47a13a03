# Two dynamic cache tensors (kept in lists on a plain object) whose lengths must agree (q @ k^T then w @ v): torch unifies the second symbol with the first (placeholder "s7: Sym(s16)") and keeps cat results symbolic "[1, 2, s16 + 1, 8]"; tparse keeps both symbols as placeholders but writes the cat / matmul results with concrete sizes (6) (from hkproj/pytorch-paligemma modeling_gemma.py KVCache.update + GemmaAttention)
import torch
torch.manual_seed(0)

class Cache:
    def __init__(self):
        self.k = []
        self.v = []

def step(q, cache):
    k = torch.cat([cache.k[0], q], dim=-2)
    v = torch.cat([cache.v[0], q], dim=-2)
    cache.k[0] = k
    cache.v[0] = v
    w = torch.softmax(q @ k.transpose(2, 3), dim=-1)
    return w @ v

f = torch.compile(step, backend="eager")
cache = Cache()
cache.k.append(torch.randn(1, 2, 4, 8))
cache.v.append(torch.randn(1, 2, 4, 8))
for i in range(3):
    out = f(torch.randn(1, 2, 1, 8), cache)
    print(out.shape, cache.k[0].shape)
