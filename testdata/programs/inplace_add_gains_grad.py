# `c += a` in a frame where c (zeros the frame made, or an attribute holding them) does not require grad and a does:
# c requires grad afterwards (no leaf), so the attribute stored back requires grad and the next call's guard sees it
# (Tacotron's LSA attention `self.cumulative += self.attention`); under no_grad it stays as it was.
import torch


class Acc(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(3))
        self.cum = None

    def forward(self, x, t):
        if t == 0:
            self.cum = torch.zeros(3)
        a = x * self.w
        self.cum += a
        return a


def fresh(x, w):
    c = torch.zeros(3)
    c += x * w
    d = torch.zeros(3)
    d.add_(x * w)
    return c, d


m = torch.compile(Acc(), backend="eager")
x = torch.randn(3)
for t in range(3):
    m(x, t)
    print(t, m.cum.requires_grad)
c, d = torch.compile(fresh, backend="eager")(x, torch.randn(3, requires_grad=True))
print(c.requires_grad, d.requires_grad)
with torch.no_grad():
    c, d = torch.compile(fresh, backend="eager")(x, torch.randn(3, requires_grad=True))
print(c.requires_grad, d.requires_grad)
