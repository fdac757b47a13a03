# Contiguous strides of a size built from a dynamic int argument keep Max(1, s+1) (an int symbol has no >= 0 bound) (from llama3 llama/model.py repeat_kv with start_pos)
import torch
torch.manual_seed(0)
cache = torch.randn(2, 32, 2, 16)


def f(x, pos):
    keys = cache[:, : pos + 1]
    keys = keys[:, :, :, None, :].expand(2, pos + 1, 2, 2, 16).reshape(2, pos + 1, 4, 16)
    return x + keys.sum()


g = torch.compile(f, backend="eager")
for pos in (8, 9, 10):
    print(g(torch.randn(2), pos))
