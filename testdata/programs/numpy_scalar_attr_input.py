# A numpy scalar kept on a module (FastSpeech2's `self.temperature = np.power(d_k, 0.5)`, diffusers'
# `output_scale_factor = np.sqrt(2.0)`) is not a constant: VariableBuilder wraps it as a 0-d float64 graph input
# (`L_self_temperature: "f64[][]cpu"`) and the division a tensor operator on it; `-np.inf` stays a constant.
import numpy as np
import torch
from torch import nn


class Attn(nn.Module):
    def __init__(self, d_k):
        super().__init__()
        self.temperature = np.power(d_k, 0.5)
        self.scale = np.sqrt(2.0)

    def forward(self, q, k, mask):
        attn = torch.bmm(q, k.transpose(1, 2)) / self.temperature
        return attn.masked_fill(mask, -np.inf).softmax(2) * self.scale


m = torch.compile(Attn(8), backend="eager")
with torch.no_grad():
    for b in (2, 3):
        q = torch.randn(b, 5, 8)
        out = m(q, torch.randn(b, 5, 8), torch.zeros(b, 5, 5, dtype=torch.bool))
print(out.shape)
