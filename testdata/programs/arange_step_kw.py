# torch.arange(start, end, step = k): the step given by keyword (vit-pytorch levit's downsampling positional bias,
# built eagerly in __init__, then used in the compiled forward)
import torch
torch.manual_seed(0)
q_range = torch.arange(0, 4, step = 2)
k_range = torch.arange(4)
q_pos = torch.stack(torch.meshgrid(q_range, q_range, indexing = 'ij'), dim = -1).reshape(-1, 2)
k_pos = torch.stack(torch.meshgrid(k_range, k_range, indexing = 'ij'), dim = -1).reshape(-1, 2)
rel = (q_pos[:, None] - k_pos[None, :]).abs()
idx = rel[..., 0] * 4 + rel[..., 1]
emb = torch.nn.Embedding(16, 2)
@torch.compile(backend="eager")
def f(dots, n):
    bias = emb(idx).permute(2, 0, 1)[None]
    r = torch.arange(0., 1., step = 0.25) + torch.arange(0, n, step = 2).float().sum()
    return dots + bias, r
with torch.no_grad():
    for b in (2, 3):
        out = f(torch.randn(b, 2, 4, 16), 6)
print(out[0].shape, out[1].shape)
