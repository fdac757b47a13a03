# A float attribute of an nn.Module that differs between two compiles of one code (transformers' encoder and decoder
# layers through one GradientCheckpointingLayer.__call__: BART's `self.self_attn.scaling`, 0.25 then 0.5): automatic
# dynamic unspecializes it like any float from a source, a 0-d float64 graph input and its item() passed as the
# attention's scale; a third layer with yet another scaling reuses that graph (an int attribute stays specialized).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Attn(nn.Module):
    def __init__(self, heads, temperature):
        super().__init__()
        self.heads = heads
        self.scaling = (16 // heads) ** -0.5 / temperature
        self.qkv = nn.Linear(16, 48)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, 16 // self.heads).permute(2, 0, 3, 1, 4)
        o = F.scaled_dot_product_attention(q, k, v, scale=self.scaling)
        return o.transpose(1, 2).reshape(b, t, 16)


class Layer(nn.Module):
    def __init__(self, temperature):
        super().__init__()
        self.attn = Attn(4, temperature)
        self.norm = nn.LayerNorm(16)

    def forward(self, x):
        return self.norm(x + self.attn(x))


def run(layer, x):
    return layer(x).sum()


layers = [Layer(1.0), Layer(2.0), Layer(4.0)]
f = torch.compile(run, backend="eager")
x = torch.randn(2, 5, 16)
for layer in layers:
    print(round(float(f(layer, x)), 3) != 0.0)
