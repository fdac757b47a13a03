# TensorIterator output strides: dims are ordered by the first operand whose strides for the pair are both non-zero (expanded 0-strides are skipped), so torch.where(cond[64,0,8,1], a[16,32,2,0], b) is [64,128,8,1], not contiguous (from transformers models/funnel/modeling_funnel.py relative_token_type_attention)
import torch

def f(mat, q, bias):
    mat = mat[:, None].expand([2, 4, 8, 8])                     # strides [64, 0, 8, 1]
    tb = torch.einsum("bind,snd->bnis", q, bias)                # [2, 4, 8, 2] strides [16, 32, 2, 1]
    diff, same = torch.split(tb, 1, dim=-1)
    return torch.where(mat, same.expand(mat.shape), diff.expand(mat.shape))

cf = torch.compile(f, backend="eager")
out = cf(torch.rand(2, 8, 8) > 0.5, torch.randn(2, 8, 4, 16), torch.randn(2, 4, 16))
print(out.shape, out.stride())
