# Expected torch 2.11 behaviour (rule):
#   torch.fft.rfft / irfft on a dynamic dim keep SYMBOLIC sizes (FakeTensor meta: torch/_meta_registrations.py
#   meta_fft_r2c: last dim n//2 + 1; meta_fft_c2r: last dim = the given n (a SymInt, here s1)).
#   So irfft(..., n=L) is [s0, s1]; the matmul with the static [8, 3] parameter then guards Eq(s1, 8)
#   (symbolic_shape_specialization, range_refined_to_singleton). s1 is replaced by 8: the `s1` placeholder goes,
#   L_x_ is "f32[s0, 8]" and the size read traced before the specialization stays in the graph as nodes
#   (`size = l_x_.size()`, `getitem_1: "Sym(8)" = size[1]`, used as irfft's n).
#   Expected torch: 1 graph, ops = size, getitem_1, fft_rfft, fft_irfft, matmul (5); rfft annotated c64[s0, 5],
#   signature without s1.
# (tparse before round 61 took the sizes' numbers, the symbols dropped: 3 ops, s1 kept as a placeholder.)
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(8, 3))

    def forward(self, x):
        B, L = x.shape
        y = torch.fft.rfft(x, dim=1, norm="ortho")
        z = torch.fft.irfft(y, n=L, dim=1, norm="ortho")
        return z @ self.w


m = M()
cm = torch.compile(m, backend="eager", dynamic=True)
print(tuple(cm(torch.randn(4, 8)).shape))
print(tuple(cm(torch.randn(5, 8)).shape))
