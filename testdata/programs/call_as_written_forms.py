# A call's node keeps its arguments as written: scaled_dot_product_attention with query= / key= / value= by keyword
# (diffusers' attention dispatch), torch.norm (a Python function of torch/functional.py: `torch.functional.norm`),
# numpy's names `keepdims=` / `axis=`, and nn.AvgPool2d's forward passing divisor_override (None) positionally.
import torch

pool = torch.nn.AvgPool2d(kernel_size=2, stride=2)


@torch.compile(backend="eager")
def f(q, k, v):
    q, k, v = (x.permute(0, 2, 1, 3) for x in (q, k, v))
    out = torch.nn.functional.scaled_dot_product_attention(
        query=q, key=k, value=v, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None, enable_gqa=False)
    out = out.permute(0, 2, 1, 3)
    n = torch.norm(out, p=2, dim=(1, 2), keepdim=True)
    m = out.mean(axis=1, keepdims=True)
    p = pool(out.reshape(out.shape[0], 1, 10, 4))
    return out / (n + 1) + m, p.sum(axis=-1)


with torch.no_grad():
    for b in (2, 3):
        r = f(torch.randn(b, 5, 2, 4), torch.randn(b, 5, 2, 4), torch.randn(b, 5, 2, 4))
print(r[0].shape, r[1].shape)
