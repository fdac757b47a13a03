# Four pre-norm blocks in an nn.ModuleList; the block built with odd=True (layers.2) uses relu
# where its siblings use gelu. Compiled by the reference compiler in src/report/odd_sibling_test.cpp
# (which also compiles it with ODD_LAYER = -1: four identical blocks). Each block's MLP runs 16
# residual linears so the graph is over the report's 400-node limit and is drawn module by module.
import torch
import torch.nn as nn
import torch.nn.functional as F

ODD_LAYER = 2


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = q.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        k = k.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        v = v.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        y = y.transpose(1, 2).contiguous().view(b, t, c)
        return self.proj(y)


class MLP(nn.Module):
    def __init__(self, dim, steps, odd):
        super().__init__()
        self.odd = odd
        self.fcs = nn.ModuleList([nn.Linear(dim, dim) for _ in range(steps)])

    def forward(self, x):
        for fc in self.fcs:
            h = fc(x)
            if self.odd:
                h = F.relu(h)
            else:
                h = F.gelu(h)
            x = x + h
        return x


class Block(nn.Module):
    def __init__(self, dim, heads, odd):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = Attention(dim, heads)
        self.ln2 = nn.LayerNorm(dim)
        self.mlp = MLP(dim, 16, odd)

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        x = x + self.mlp(self.ln2(x))
        return x


class Model(nn.Module):
    def __init__(self, dim, heads, n_layers, odd_layer):
        super().__init__()
        self.layers = nn.ModuleList([Block(dim, heads, i == odd_layer) for i in range(n_layers)])
        self.ln_f = nn.LayerNorm(dim)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.ln_f(x)


m = Model(32, 4, 4, ODD_LAYER)
cm = torch.compile(m, backend="eager")
cm(torch.randn(2, 8, 32))
