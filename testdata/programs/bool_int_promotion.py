# result_type: a Python int with a bool tensor is int64 (k-diffusion's `padding[:, None, None, :] * -10000` mask);
# a float makes float32; a bool scalar keeps bool. A branch on the result's dtype takes the int64 path.
import torch


@torch.compile(backend="eager")
def f(x, pad):
    m = pad[:, None, :] * -10000
    keep = pad & True
    scale = pad * 0.5
    if m.dtype == torch.bool:
        return x + 1
    if m.dtype == torch.int64 and keep.dtype == torch.bool and scale.dtype == torch.float32:
        return x + m.float().sum(-1, keepdim=True) + scale.sum(-1, keepdim=True)[:, None]
    return x - 1


with torch.no_grad():
    for n in (2, 3):
        out = f(torch.randn(n, 1, 4), torch.zeros(n, 5, dtype=torch.bool))
print(out.shape)
