# F.scaled_dot_product_attention on CPU with dropout_p > 0 cannot use the CPU flash kernel (check_for_dropout), the math path's output is contiguous (B, H, L, D) ([2, 2, 8, 16] strides (256, 128, 16, 1)); with dropout_p = 0 it keeps the flash layout (256, 16, 32, 1) (from transformers distilbert training step, sdpa_attention.py dropout=0.1)
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x):
    q = x.view(2, 8, 2, 16).transpose(1, 2)
    a = F.scaled_dot_product_attention(q, q, q, dropout_p=0.1)
    b = F.scaled_dot_product_attention(q, q, q, dropout_p=0.0)
    return a.transpose(1, 2).reshape(2, 8, 32), b.transpose(1, 2).reshape(2, 8, 32)


f = torch.compile(fn, backend="eager")
r = f(torch.randn(2, 8, 32))
print(r[0].shape, r[1].shape)
