# reshape of an expanded KV slice whose length is a dynamic int argument (start_pos + 1) has strides 64*Max(1, s + 1) in torch: an int input is not size-like (from nano-llama31 llama31.py repeat_kv + KVCache)
import torch
torch.manual_seed(0)
cache = torch.zeros(2, 32, 2, 16)
@torch.compile(backend="eager")
def f(x, start_pos):
    cache[:, start_pos:start_pos + 1] = x
    k = cache[:, :start_pos + 1]
    k = k[:, :, :, None, :].expand(2, start_pos + 1, 2, 2, 16).reshape(2, start_pos + 1, 4, 16)
    return k.transpose(1, 2) * 2
for pos in (5, 6, 7):
    print(f(torch.randn(2, 1, 2, 16), pos).shape)
