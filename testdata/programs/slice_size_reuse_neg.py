# NAFNetLocal AvgPool2d (local_arch.py): out.shape[2:] of a slice s[:, :, k1:, k2:] where k1 = min(h, 12) and user code
# already made neg = -sym_min for s[:, :, :-k1]. Real torch reifies _h as torch.sym_sum([1, s53, neg]) reusing the
# neg node; it must not emit fresh '-1 * sym_min' nodes (24 vs 26 call_function in the dynamic graph)
import torch
import torch.nn as nn


class AvgPool2d(nn.Module):
    def __init__(self):
        super().__init__()
        self.kernel_size = [12, 12]

    def forward(self, x):
        if self.kernel_size[0] >= x.size(-2) and self.kernel_size[1] >= x.size(-1):
            return torch.nn.functional.adaptive_avg_pool2d(x, 1)
        n, c, h, w = x.shape
        s = x.cumsum(dim=-1).cumsum_(dim=-2)
        s = torch.nn.functional.pad(s, (1, 0, 1, 0))
        k1, k2 = min(h, self.kernel_size[0]), min(w, self.kernel_size[1])
        s1, s2, s3, s4 = s[:, :, :-k1, :-k2], s[:, :, :-k1, k2:], s[:, :, k1:, :-k2], s[:, :, k1:, k2:]
        out = (s4 + s1 - s2 - s3) / (k1 * k2)
        _h, _w = out.shape[2:]
        pad2d = ((w - _w) // 2, (w - _w + 1) // 2, (h - _h) // 2, (h - _h + 1) // 2)
        return torch.nn.functional.pad(out, pad2d, mode='replicate')


cm = torch.compile(AvgPool2d(), backend="eager")
with torch.no_grad():
    for s in (12, 16, 20):
        print(tuple(cm(torch.randn(1, 2, s, s)).shape))
