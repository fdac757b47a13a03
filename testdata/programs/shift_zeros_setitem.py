# TSM temporal shift (ops/temporal_shift.py): nt // n_segment on a dynamic batch, view to 5-D, zeros_like and three
# slice assignments; 3D-ResNets shortcut A: torch.zeros(out.size(0), planes - out.size(1), ...) + cat([out.data, z])
import torch
import torch.nn.functional as F


def shift(x, n_segment, fold_div=8):
    nt, c, h, w = x.size()
    n_batch = nt // n_segment
    x = x.view(n_batch, n_segment, c, h, w)
    fold = c // fold_div
    out = torch.zeros_like(x)
    out[:, :-1, :fold] = x[:, 1:, :fold]
    out[:, 1:, fold: 2 * fold] = x[:, :-1, fold: 2 * fold]
    out[:, :, 2 * fold:] = x[:, :, 2 * fold:]
    return out.view(nt, c, h, w)


@torch.compile(backend="eager")
def f(x):
    y = shift(x, 4)
    out = F.avg_pool2d(y, kernel_size=1, stride=2)
    z = torch.zeros(out.size(0), 16 - out.size(1), out.size(2), out.size(3))
    return torch.cat([out.data, z], dim=1)


with torch.no_grad():
    for b in (2, 3):
        print(f(torch.randn(b * 4, 8, 6, 6)).shape)
