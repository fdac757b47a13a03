# A module whose forward reads several submodules and plain attributes (float, bool, int):
# the nn.Module guard subtree (L['self'].__dict__, _modules, _parameters). One graph, no break.
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(16)
        self.proj = nn.Linear(16, 16)
        self.act = nn.GELU()
        self.scale = 0.5
        self.use_residual = True
        self.heads = 4

    def forward(self, x):
        h = self.act(self.proj(self.norm(x))) * self.scale
        if self.use_residual:
            h = h + x
        return h.view(x.shape[0], self.heads, -1)


m = Block()
cm = torch.compile(m, backend="eager")
cm(torch.randn(2, 16))
cm(torch.randn(2, 16))
