# torch.nn.Parameter() called inside a compiled frame (the VQ-VAE's EMA codebook update, `self._ema_w =
# nn.Parameter(self._ema_w * decay + (1 - decay) * dw)` in forward): Dynamo refuses the constructor
# (graph_break_on_nn_param_ctor, on by default), GB0264 at the call, which runs eagerly and resumes after it
import torch
import torch.nn as nn


class EMA(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(4, 3))
        self.emb = nn.Embedding(4, 3)
        self.decay = 0.9

    def forward(self, x):
        y = x @ self.w
        if self.training:
            self.w = nn.Parameter(self.w * self.decay + (1 - self.decay) * y.mean())
            self.emb.weight = nn.Parameter(self.w / 2)
        return y.sum() + self.emb.weight.sum()


m = EMA()
f = torch.compile(m, backend="eager")
for _ in range(2):
    print(round(f(torch.ones(2, 4)).item(), 3) != 0)
m.eval()
print(f(torch.ones(2, 4)).shape)
