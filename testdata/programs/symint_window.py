# SymInt arithmetic under a dynamic batch (the window attention of Swin-style models): the second call
# compiles with a symbolic batch; `B * nh * nw` is an operator node (`mul = s77 * 2`), repeated
# arithmetic is hash-consed to one node, a size of an intermediate tensor read back (`x.shape[0]` of the
# windows: 4*s77) is rebuilt from the input symbol (`mul_k = 4 * s77`), `view(-1, ...)` infers a
# symbolic size, a floor division that comes out constant (`(4*s77) // s77`, Sym(4)) stays a node, and
# arithmetic whose result is never used leaves no node.
import torch
import torch.nn as nn


class WindowBlock(nn.Module):
    def __init__(self, dim=8, win=2):
        super().__init__()
        self.win = win
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)
        self.glob = nn.Parameter(torch.randn(1, win * win, dim))

    def forward(self, x):
        B, H, W, C = x.shape
        nh, nw = H // self.win, W // self.win
        x = x.view(B, nh, self.win, nw, self.win, C).permute(0, 1, 3, 2, 4, 5)
        windows = x.reshape(B * nh * nw, self.win * self.win, C)
        unused = B * 7 + 1
        Bw, N, _ = windows.shape
        qkv = self.qkv(windows).reshape(Bw, N, 3, C).permute(2, 0, 1, 3)
        q, k, v = qkv.unbind(0)
        g = self.glob.repeat(Bw // B, 1, 1)
        attn = (q @ k.transpose(-2, -1)).softmax(-1)
        out = self.proj(attn @ v + g.repeat(B, 1, 1)[:Bw])
        out = out.view(-1, nh, nw, self.win, self.win, C)
        again = out.reshape(B * nh * nw, -1, C)
        return again.view(B, nh, nw, self.win, self.win, C).permute(0, 1, 3, 2, 4, 5).reshape(B, H, W, C)


m = WindowBlock()
cm = torch.compile(m, backend="eager")
for b in (2, 3, 4):
    cm(torch.randn(b, 4, 4, 8))
