# WaveNet-style flows of vocoders and TTS models (vits' WN, WaveGlow): a @torch.jit.script gate called from a
# forward that a break inside its loop makes run eagerly (the ScriptFunction is no frame of its own), a channel count
# kept in a legacy IntTensor and used as a slice bound after a Dropout; then the inference form after
# remove_weight_norm (the weight a plain Parameter again: no _weight_norm node).
import torch
from torch import nn


@torch.jit.script
def gate(a, b, n_channels):
    n = n_channels[0]
    s = a + b
    return torch.tanh(s[:, :n, :]) * torch.sigmoid(s[:, n:, :])


class WN(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.c = c
        self.inp = nn.ModuleList([nn.utils.weight_norm(nn.Conv1d(c, 2 * c, 3, padding=1)) for _ in range(2)])
        self.out = nn.ModuleList([nn.Conv1d(c, c, 1) for _ in range(2)])
        self.drop = nn.Dropout(0.0)

    def forward(self, x):
        n = torch.IntTensor([self.c])
        for i in range(2):
            h = self.inp[i](x)
            acts = self.drop(gate(h, torch.zeros_like(h), n))
            x = x + self.out[i](acts)
            print("layer", i)
        return x

    def remove(self):
        for layer in self.inp:
            nn.utils.remove_weight_norm(layer)


class Post(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = nn.Conv1d(4, 8, 1)
        self.enc = WN()

    def forward(self, x):
        return self.enc(self.pre(x)) * 2


m = Post()
cm = torch.compile(m, backend="eager")
print(cm(torch.randn(2, 4, 10)).shape)
m.enc.remove()
print([n for n, _ in m.enc.inp[0].named_parameters()])
with torch.no_grad():
    print(cm(torch.randn(2, 4, 10)).shape)
