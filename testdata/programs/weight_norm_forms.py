# Weight normalization in its two torch forms, as speech models use it (wav2vec2 / HuBERT's positional
# convolution: parametrizations.weight_norm(conv, name="weight", dim=2)): the parametrized weight is recomputed
# by torch._weight_norm(v, g, dim) on every read; the legacy nn.utils.weight_norm keeps weight_g / weight_v and
# recomputes the weight in a forward pre-hook; dim=None normalizes over the whole tensor.
import torch
import torch.nn as nn


class PosConv(nn.Module):
    def __init__(self):
        super().__init__()
        conv = nn.Conv1d(8, 8, 3, padding=1, groups=2)
        self.conv = nn.utils.parametrizations.weight_norm(conv, name="weight", dim=2)
        self.old = nn.utils.weight_norm(nn.Linear(8, 8))
        self.whole = nn.utils.parametrizations.weight_norm(nn.Linear(8, 4), dim=None)

    def forward(self, x):
        h = self.conv(x.transpose(1, 2)).transpose(1, 2)
        return self.whole(self.old(h) + x)


torch.manual_seed(0)
m = PosConv()
print([n for n, _ in m.named_parameters()])
print([tuple(p.shape) for _, p in m.named_parameters()])
cm = torch.compile(m, backend="eager")
cm(torch.randn(2, 5, 8))
