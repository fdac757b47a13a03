# An integer or bool result never requires grad, whatever its inputs (argmin of a differentiable distance, a comparison
# of a parameter): the VQ-VAE's one-hot encodings scattered from argmin indices, and a buffer updated from them in a
# compiled forward, stay plain tensors; the next call's guard on the buffer (requires_grad=0) still holds
import torch
import torch.nn as nn


class Quantize(nn.Module):
    def __init__(self):
        super().__init__()
        self.codebook = nn.Parameter(torch.randn(4, 3))
        self.register_buffer("counts", torch.zeros(4))

    def forward(self, x):
        d = torch.cdist(x, self.codebook)
        idx = torch.argmin(d, dim=1).unsqueeze(1)
        enc = torch.zeros(idx.shape[0], 4)
        enc.scatter_(1, idx, 1)
        self.counts = self.counts * 0.9 + 0.1 * enc.sum(0)
        close = d < 1.0
        return enc @ self.codebook, idx.requires_grad, close.requires_grad


f = torch.compile(Quantize(), backend="eager")
for _ in range(3):
    q, a, b = f(torch.randn(5, 3))
    print(q.shape, a, b, q.requires_grad)
