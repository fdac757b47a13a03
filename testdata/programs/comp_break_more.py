# More comprehension forms under torch 2.11 (Python 3.12): blocks of a ModuleList applied in a comprehension, one of
# them breaking (the comprehension runs eagerly, each block a frame of its own); torch.cat over a comprehension of
# breaking calls (the result consumed on the stack); a generator expression breaking after two traced ops (an inlined
# generator cannot resume).
import torch


class Block(torch.nn.Module):
    def __init__(self, n):
        super().__init__()
        self.l = torch.nn.Linear(n, n)

    def forward(self, x):
        h = torch.relu(self.l(x))
        print("block")
        return h * 2


class Heads(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = torch.nn.Linear(8, 8)
        self.blocks = torch.nn.ModuleList([Block(8) for _ in range(3)])

    def forward(self, x):
        h = self.pre(x).tanh()
        outs = [blk(h) for blk in self.blocks]
        return torch.stack(outs).sum(0) + h


def piece(t):
    u = t.exp()
    print("piece")
    return u - 1


def cat_of_breaks(x):
    y = x.sin() + 1
    return torch.cat([piece(y[i]) for i in range(2)]) * 2


def genexpr_after_ops(x):
    y = x.cos() * 2 + 1
    t = sum(y[y > i].sum() for i in range(2))
    return y - t


m = torch.compile(Heads(), backend="eager")
m(torch.randn(2, 8))
torch.compile(cat_of_breaks, backend="eager")(torch.randn(2, 4))
torch.compile(genexpr_after_ops, backend="eager")(torch.randn(8))
