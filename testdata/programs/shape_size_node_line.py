# under dynamic shapes, the size() node of `x.shape` inside a multi-line expression is attributed by torch to the line holding `x.shape`; ours to the statement's first line (from mar diffusion/gaussian_diffusion.py q_sample / _extract_into_tensor)
import torch
torch.manual_seed(0)
table = torch.linspace(0.1, 1.0, 10)

def extract(arr, t, shape):
    res = arr[t]
    while len(res.shape) < len(shape):
        res = res[..., None]
    return res + torch.zeros(shape)

def q_sample(x, t, noise):
    return (
        extract(table, t, x.shape) * x
        + extract(1 - table, t, x.shape) * noise
    )

f = torch.compile(q_sample, backend="eager")
for n in (4, 6):
    print(f(torch.randn(n, 3), torch.randint(0, 10, (n,)), torch.randn(n, 3)).shape)
