# Python forms model code uses at build time: int(str, base) (YOLO's hex colours), a bound method's __name__ /
# __qualname__ / __func__, super().__reduce__() of a module (StyleGAN's persistent_class pads it to three fields),
# platform.system() picking a module, nn.SyncBatchNorm without a process group (F.batch_norm, as BatchNorm).
import platform

import torch
import torch.nn as nn


def hex2rgb(h):
    return tuple(int(h[1 + i:1 + i + 2], 16) for i in (0, 2, 4))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        c = hex2rgb("#0A10FF")
        self.fc = nn.Linear(c[0], int("0x10", 0) + int("11", 2))
        self.tag = self.helper.__name__ + "." + type(self).helper.__qualname__
        self.same = self.helper.__func__ is Net.helper
        self.n_fields = len(super().__reduce__())
        self.act = nn.GELU() if platform.system() == "Windows" else nn.SiLU()
        self.bn = nn.SyncBatchNorm(19)

    def helper(self, x):
        return x * 2

    def forward(self, x):
        h = self.act(self.fc(x))
        h = self.bn(h.unsqueeze(-1)).squeeze(-1)
        return (self.helper(h) if self.same else h) * self.n_fields


m = Net()
assert m.tag == "helper.Net.helper" and m.n_fields == 3
cm = torch.compile(m, backend="eager")
cm(torch.randn(4, 10)).sum().backward()
m.eval()
with torch.no_grad():
    cm(torch.randn(4, 10))
