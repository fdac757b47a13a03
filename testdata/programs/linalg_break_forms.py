# Linear algebra with outputs whose shape or values torch cannot know ahead inside a frame: torch.linalg.lstsq
# (efficient-kan's curve2coeff, Koopa), torch.linalg.qr / torch.qr and torch.slogdet (glow's invertible 1x1 conv).
import torch


def lstsq(a, b):
    sol = torch.linalg.lstsq(a, b).solution
    return sol * 2


def qr(w):
    q, r = torch.linalg.qr(w)
    return q @ r + 1


def slogdet(w):
    sign, logabs = torch.slogdet(w)
    return logabs * 3


a, b, w = torch.randn(5, 3), torch.randn(5, 2), torch.randn(4, 4)
print(torch.compile(lstsq, backend="eager")(a, b).shape)
print(torch.compile(qr, backend="eager")(w).shape)
print(torch.compile(slogdet, backend="eager")(w).shape)
