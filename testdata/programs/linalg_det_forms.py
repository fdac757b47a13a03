# Determinants (Glow / WaveGlow's invertible 1x1 convolutions): torch.det / logdet / linalg.det map (*, n, n) to (*),
# linalg.slogdet to (sign, logabsdet), both (*).
import torch

W = torch.linalg.qr(torch.eye(4) * 2 + torch.ones(4, 4))[0]
w = torch.nn.Parameter(W)


def f(z):
    ld = z.size(0) * z.size(2) * torch.logdet(w * w.sign())
    s, la = torch.linalg.slogdet(w)
    tot = torch.zeros(2, 2)
    return (tot + ld).sum() + la + s + torch.det(w.double()).float() + torch.linalg.det(torch.stack([w, w])).sum()


cf = torch.compile(f, backend="eager")
cf(torch.randn(2, 4, 8)).backward()
