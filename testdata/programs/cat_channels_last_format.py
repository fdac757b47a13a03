# torch.cat keeps the inputs' common memory format: all channels-last inputs give a channels-last output (meta cat_compute_output_memory_format) (from tamasino52/UNETR unetr.py decoder)
import torch
def f(x, y):
    a = x.permute(0, 4, 1, 2, 3).relu()    # [2, 4, 3, 3, 3][108, 1, 36, 12, 4]: channels_last_3d
    b = y.permute(0, 4, 1, 2, 3).relu()
    return torch.cat([a, b], dim=1) * 2     # torch: [2, 8, 3, 3, 3][216, 1, 72, 24, 8]
g = torch.compile(f, backend="eager")
print(g(torch.randn(2, 3, 3, 3, 4), torch.randn(2, 3, 3, 3, 4)).stride())
