# dynamic shapes: broadcasting cat([a, x]) against cat([a, y]) guards s_a + s_x == s_a + s_y; torch simplifies to s_x == s_y and replaces one size by the other symbol (placeholder "sX: Sym(sY)"), tparse keeps both symbols (from ajbrock/BigGAN-PyTorch BigGAN.py G_D fake+real concat with gy+dy)
import torch

torch.manual_seed(0)


def f(a, x, y):
    h = torch.cat([a, x], 0)
    c = torch.cat([a, y], 0)
    return (h * c).sum(1)


g = torch.compile(f, backend="eager")
for b in (2, 3):
    print(g(torch.randn(b, 4), torch.randn(b + 1, 4), torch.randn(b + 1, 4)).shape)
