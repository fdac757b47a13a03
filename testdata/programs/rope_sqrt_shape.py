# sam2 RoPEAttention: w = h = math.sqrt(q.shape[-2]); when the token count changes, the complex rotary table is
# rebuilt (torch.arange(end_x * end_y) of a float, torch.polar) and stored on self; view_as_complex/view_as_real
import math
import torch


def axial_cis(dim, end_x, end_y, theta=10000.0):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 4)[: (dim // 4)].float() / dim))
    t = torch.arange(end_x * end_y, dtype=torch.float32)
    t_x, t_y = (t % end_x).float(), torch.div(t, end_x, rounding_mode="floor").float()
    fx, fy = torch.outer(t_x, freqs), torch.outer(t_y, freqs)
    return torch.cat([torch.polar(torch.ones_like(fx), fx), torch.polar(torch.ones_like(fy), fy)], dim=-1)


class Rope(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.freqs_cis = axial_cis(8, 4, 4)

    def forward(self, q):
        w = h = math.sqrt(q.shape[-2])
        if self.freqs_cis.shape[0] != q.shape[-2]:
            self.freqs_cis = axial_cis(8, w, h)
        xq = torch.view_as_complex(q.float().reshape(*q.shape[:-1], -1, 2))
        return torch.view_as_real(xq * self.freqs_cis).flatten(2)


cm = torch.compile(Rope(), backend="eager")
for n in (16, 36):
    print(cm(torch.randn(2, n, 8)).shape)
