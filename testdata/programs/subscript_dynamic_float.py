# A float argument that went dynamic after a recompile, subscripted under `try ... except TypeError` (VDVAE's
# per-block temperature `t[idx]` or one `t` for all): in torch 2.11 the SymFloat's __getitem__ is a call_method node
# whose fake run fails (GB0081), a graph break and not the TypeError eager code catches. Once in a frame of its own
# (inside a try: the partial graph up to it), once inlined (the caller breaks at its CALL); a dynamic int too.
import torch


class Dec(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList([torch.nn.Linear(8, 8) for _ in range(3)])
        self.bias = torch.nn.Parameter(torch.zeros(8))

    def forward(self, x, t=None):
        x = x + self.bias
        x = x * 2
        for idx, layer in enumerate(self.layers):
            try:
                temp = t[idx]
            except TypeError:
                temp = t
            x = layer(x) * temp
        return x


class Top(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.dec = Dec()

    def forward(self, x, t=None):
        y = self.dec(x, t=t)
        return y.sum()


@torch.compile(backend="eager")
def first(x, n):
    x = x.sin()
    x = x.cos()
    try:
        k = n[0]
    except TypeError:
        k = n
    return x * k


top = torch.compile(Top(), backend="eager")
x = torch.randn(4, 8)
for t in [1.0, 0.9, 0.8, [0.5, 0.6, 0.7], 0.7]:
    print(round(float(top(x, t=t)), 4))
for n in [2, 3, 4, (5, 6)]:
    print(round(float(first(x, n).sum()), 4))
