# A Sequential that also derives from another nn.Module class (guided-diffusion's TimestepEmbedSequential(nn.Sequential,
# TimestepBlock)): it iterates and indexes as a Sequential; its own forward passes extra arguments to some layers.
import torch
import torch.nn as nn


class TimestepBlock(nn.Module):
    def forward(self, x, emb):
        raise NotImplementedError


class Res(TimestepBlock):
    def __init__(self, n):
        super().__init__()
        self.lin = nn.Linear(n, n)

    def forward(self, x, emb):
        return self.lin(x) + emb


class Seq(nn.Sequential, TimestepBlock):
    def forward(self, x, emb):
        for layer in self:
            x = layer(x, emb) if isinstance(layer, TimestepBlock) else layer(x)
        return x + self[0].lin.bias


m = Seq(Res(8), nn.ReLU(), Res(8))
torch.compile(m, backend="eager")(torch.randn(2, 8), torch.randn(2, 8))
