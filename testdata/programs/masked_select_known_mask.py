# Pins: known values through Tensor.byte() (also .long()/.int()/.double()/.type(dtype); .to(dtype)/.float()/.bool()
# keep them): nflows torchutils.create_mid_split_binary_mask = torch.zeros(n).byte(); mask[:mid] += 1, fed to
# masked_select in __init__. tparse loses the values at .byte(), takes every entry as nonzero: both halves get all n
# features (4+4 for n=4; torch: 2+2), Linear(4, 8) instead of Linear(2, 4), and `assert a + b == n` "assumed to hold".
import torch
from torch import nn


class Split(nn.Module):
    def __init__(self, n):
        super().__init__()
        mask = torch.zeros(n).byte()
        mask[n // 2:] += 1
        f = torch.arange(n)
        self.register_buffer("id_f", f.masked_select(mask <= 0))
        self.register_buffer("tr_f", f.masked_select(mask > 0))
        assert len(self.id_f) + len(self.tr_f) == n
        self.net = nn.Linear(len(self.id_f), 2 * len(self.tr_f))

    def forward(self, x):
        h = self.net(x[:, self.id_f])
        return torch.cat([x[:, self.id_f], x[:, self.tr_f] * h.chunk(2, 1)[0].exp()], 1)


torch.manual_seed(0)
m = torch.compile(Split(4), backend="eager")
print(m(torch.randn(3, 4)).shape, m.id_f.tolist(), m.tr_f.tolist())
