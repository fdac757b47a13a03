# A slice bound that is the difference of two equal dynamic lengths (GPT-Neo's causal mask: `self.bias[:, :,
# key_length - query_length : key_length, :key_length]` in every attention layer): on the dynamic recompile (with the labels
# of the same length as a second input) each layer's `s - s` is a `Sym(0)` node of its own (the replacement pass maps only symbolic expressions to a proxy).
import torch
import torch.nn as nn


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.bias = nn.Buffer(torch.tril(torch.ones(32, 32, dtype=torch.bool)).view(1, 1, 32, 32), persistent=False)
        self.q = nn.Linear(8, 8)
        self.k = nn.Linear(8, 8)

    def forward(self, x):
        q, k = self.q(x), self.k(x)
        query_length, key_length = q.size(-2), k.size(-2)
        causal_mask = self.bias[:, :, key_length - query_length : key_length, :key_length]
        w = torch.matmul(q, k.transpose(-1, -2))
        w = torch.where(causal_mask, w, torch.tensor(-1e4))
        return torch.matmul(w.softmax(-1), x)


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Attn() for _ in range(3)])

    def forward(self, x, labels):
        for layer in self.layers:
            x = layer(x)
        return nn.functional.cross_entropy(x.view(-1, 8), labels.view(-1))


m = torch.compile(Stack(), backend="eager")
for t in (8, 12, 16):
    print(m(torch.randn(2, t, 8), torch.randint(0, 8, (2, t))).shape)
