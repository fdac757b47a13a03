# dynamic shapes: (x repeated 3x along a dim) - y guards 3*s_x == s_y; torch replaces y's size symbol by 3*s_x (L_y_: f32[3*s..]) and drops its placeholder, tparse keeps y's own symbol (from yulunzhang/RCAN x3 PixelShuffle output vs HR target in L1 loss)
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def f(x, y):
    up = F.pixel_shuffle(torch.cat([x] * 9, 1), 3)
    return F.l1_loss(up, y)


g = torch.compile(f, backend="eager")
for s in (4, 5):
    print(round(float(g(torch.randn(2, 3, s, s), torch.randn(2, 3, 3 * s, 3 * s))), 4))
